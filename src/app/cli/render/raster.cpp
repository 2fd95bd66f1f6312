// PNG and GIF of the export scene (raster.hpp): the SVG writer's picture, drawn by librsvg.
#include "app/cli/render/raster.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>

#include <cairo.h>
#include <gif_lib.h>
#include <librsvg/rsvg.h>

#include "core/error.hpp"

namespace kibitz::render {

namespace {

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

void check_size(int width, int height) {
  if (width < 16 || width > k_max_side || height < 1 || height > k_max_side ||
      static_cast<long long>(width) * height > 64LL * 1024 * 1024)
    throw InputError("a picture " + std::to_string(width) + "x" + std::to_string(height) +
                     " pixels is too big or too small: at most " + std::to_string(k_max_side) +
                     " a side and 64 million pixels");
}

// The scene's SVG drawn on a new surface `width` pixels wide.
Surface draw(const viewer::ExportScene& sc, int width) {
  const std::string svg = viewer::export_svg(sc, static_cast<float>(width));
  GError* error = nullptr;
  RsvgHandle* handle =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error);
  if (!handle) {
    const std::string why = error ? error->message : "unknown error";
    if (error) g_error_free(error);
    throw std::runtime_error("librsvg could not read the picture: " + why);
  }
  gdouble w = 0, h = 0;
  rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h);
  const int height = std::max(1, static_cast<int>(h + 0.5));
  try {
    check_size(width, height);
  } catch (...) {
    g_object_unref(handle);
    throw;
  }
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
                  cairo_surface_destroy);
  cairo_t* cr = cairo_create(surface.get());
  const RsvgRectangle viewport{0, 0, static_cast<double>(width), static_cast<double>(height)};
  const gboolean ok = rsvg_handle_render_document(handle, cr, &viewport, &error);
  cairo_destroy(cr);
  g_object_unref(handle);
  if (!ok) {
    const std::string why = error ? error->message : "unknown error";
    if (error) g_error_free(error);
    throw std::runtime_error("librsvg could not draw the picture: " + why);
  }
  cairo_surface_flush(surface.get());
  return surface;
}

// One frame's pixels as a 256-colour image: giflib's quantiser picks the colour map.
void put_frame(GifFileType* gif, cairo_surface_t* s, int delay_cs) {
  const int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  const int stride = cairo_image_surface_get_stride(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  std::vector<GifByteType> r(n), g(n), b(n), index(n);
  for (int y = 0; y < h; ++y) {
    const auto* row =
        reinterpret_cast<const std::uint32_t*>(data + static_cast<std::size_t>(y) * stride);
    for (int x = 0; x < w; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * w + x;
      r[i] = static_cast<GifByteType>(row[x] >> 16);
      g[i] = static_cast<GifByteType>(row[x] >> 8);
      b[i] = static_cast<GifByteType>(row[x]);
    }
  }
  int colours = 256;
  GifColorType map[256];
  if (GifQuantizeBuffer(static_cast<unsigned>(w), static_cast<unsigned>(h), &colours, r.data(),
                        g.data(), b.data(), index.data(), map) == GIF_ERROR)
    throw std::runtime_error("giflib could not reduce a frame to 256 colours");
  GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, delay_cs, NO_TRANSPARENT_COLOR};
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  ColorMapObject* cmap = GifMakeMapObject(256, map);
  bool ok = cmap && EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
            EGifPutImageDesc(gif, 0, 0, w, h, false, cmap) == GIF_OK;
  for (int y = 0; ok && y < h; ++y)
    ok = EGifPutLine(gif, index.data() + static_cast<std::size_t>(y) * w, w) == GIF_OK;
  GifFreeMapObject(cmap);
  if (!ok) throw std::runtime_error(std::string("giflib: ") + GifErrorString(gif->Error));
}

}  // namespace

void write_png(const viewer::ExportScene& scene, int width, const std::string& path) {
  check_size(width, 1);
  const Surface s = draw(scene, width);
  const cairo_status_t st = cairo_surface_write_to_png(s.get(), path.c_str());
  if (st != CAIRO_STATUS_SUCCESS)
    throw InputError("could not write " + path + ": " + cairo_status_to_string(st));
}

void write_gif(std::vector<viewer::ExportScene> frames, int width, int delay_cs,
               const std::string& path) {
  check_size(width, 1);
  if (frames.empty()) throw InputError("an animation needs at least one frame");
  viewer::share_extent(frames);
  int error = 0;
  // Opened here, not by giflib (which makes the file readable by its owner only).
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) throw InputError("could not write " + path + ": " + std::strerror(errno));
  GifFileType* gif = EGifOpenFileHandle(fd, &error);
  if (!gif) {
    ::close(fd);
    throw InputError("could not write " + path + ": " + GifErrorString(error));
  }
  try {
    const Surface first = draw(frames[0], width);
    const int w = cairo_image_surface_get_width(first.get());
    const int h = cairo_image_surface_get_height(first.get());
    // Version 89a, a screen of the frames' size, and the Netscape block: loop for ever.
    EGifSetGifVersion(gif, true);
    static const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutScreenDesc(gif, w, h, 8, 0, nullptr) != GIF_OK ||
        EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") != GIF_OK ||
        EGifPutExtensionBlock(gif, 3, loop) != GIF_OK || EGifPutExtensionTrailer(gif) != GIF_OK)
      throw std::runtime_error(std::string("giflib: ") + GifErrorString(gif->Error));
    put_frame(gif, first.get(), delay_cs);
    for (std::size_t i = 1; i < frames.size(); ++i)
      put_frame(gif, draw(frames[i], width).get(), delay_cs);
  } catch (const InputError&) {
    EGifCloseFile(gif, &error);
    throw;
  } catch (const std::runtime_error& e) {  // giflib's: its writes fail (a full disk) or a device
    EGifCloseFile(gif, &error);
    throw InputError("could not write " + path + ": " + e.what());
  } catch (...) {
    EGifCloseFile(gif, &error);
    throw;
  }
  if (EGifCloseFile(gif, &error) != GIF_OK)
    throw InputError("could not finish " + path + ": " + GifErrorString(error));
}

}  // namespace kibitz::render

// The desktop's screenshots as PNG, by libpng (its simplified write API).
#include "platform/png_writer.hpp"

#include <png.h>

#include "core/error.hpp"

namespace kibitz::platform {

void write_png(const std::string& path, const std::vector<std::uint8_t>& rgba, int width,
               int height) {
  if (width <= 0 || height <= 0 ||
      rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
    throw InputError("a screenshot of " + std::to_string(width) + "x" + std::to_string(height) +
                     " pixels needs that many RGBA pixels");
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = static_cast<png_uint_32>(width);
  image.height = static_cast<png_uint_32>(height);
  image.format = PNG_FORMAT_RGBA;
  if (!png_image_write_to_file(&image, path.c_str(), 0, rgba.data(), width * 4, nullptr)) {
    const std::string why = image.message;
    png_image_free(&image);
    throw InputError("could not write " + path + ": " + why);
  }
}

}  // namespace kibitz::platform

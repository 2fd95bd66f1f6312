// The app behind the viewer, its exports (File → Export…, Kibitz.exportFile): the scenes of
// the view, written in a text format here, drawn as a picture by the platform
// (viewer/export_formats.hpp).
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "core/file_io.hpp"

namespace kibitz {

namespace {

using Options = viewer::ViewerState::ExportOptions;

const viewer::ExportFormat& format_of(const Options& o) {
  const viewer::ExportFormat* f = viewer::find_export_format(o.format);
  if (!f) {
    throw InputError("export: the format is " + viewer::export_format_names() + ", not '" +
                     o.format + "'");
  }
  return *f;
}

}  // namespace

std::vector<viewer::ExportScene> ViewerApp::export_scenes(const Options& o) {
  viewer::ViewerState& s = m_state;
  std::vector<viewer::ExportScene> scenes;
  if (!s.has_trace()) throw InputError("export: no search is shown");
  const std::size_t cursor = s.cursor();
  auto scene = [&](std::size_t t) {
    s.seek(t);
    viewer::ExportScene sc = viewer::make_export_scene(s);
    if (!o.caption) sc.caption.clear();
    sc.aspect = viewer::export_aspect(o.shape);
    return sc;
  };
  if (!format_of(o).animated) {
    scenes.push_back(scene(cursor));
    return scenes;
  }
  const long long last = static_cast<long long>(s.event_count()) - 1;
  if (o.to > last)
    throw InputError("export: 'to' is past the last event (" + std::to_string(last) + ")");
  const long long to = o.to < 0 ? static_cast<long long>(cursor) : o.to;
  if (o.from < 0 || o.from > to)
    throw InputError("export: 'from' must be an event from 0 to 'to' (" + std::to_string(to) + ")");
  const long long from = o.from;
  if ((to - from) / o.step + 1 > 2000)
    throw InputError("export: at most 2000 frames (" + std::to_string((to - from) / o.step + 1) +
                     " asked): a larger step or a shorter range");
  for (long long t = from; t <= to; t += o.step)
    scenes.push_back(scene(static_cast<std::size_t>(t)));
  s.seek(cursor);
  viewer::share_extent(scenes);
  return scenes;
}

Done ViewerApp::export_file(const Options& o, ExportFile& out) {
  try {
    const viewer::ExportFormat& f = format_of(o);
    if (o.width < 64 || o.width > 16384) throw InputError("export: a width of 64 to 16384 pixels");
    if (o.step < 1 || o.delay_cs < 1 || o.delay_cs > 6000)
      throw InputError("export: step at least 1, delay 1 to 6000 hundredths of a second");
    std::vector<viewer::ExportScene> scenes = export_scenes(o);
    out = ExportFile{};
    out.format = &f;
    out.name = std::string("kibitz-tree") + f.extension;
    if (f.text) {
      out.text = f.text(scenes[0], static_cast<float>(o.width));
    } else {
      out.width = o.width;
      out.delay_cs = o.delay_cs;
      for (const viewer::ExportScene& sc : scenes)
        out.frames.push_back(viewer::export_svg(sc, static_cast<float>(o.width)));
    }
    return {};
  } catch (const std::exception& e) {
    return Done::refused(failure_text(e));
  }
}

void ViewerApp::export_now() {
  const Options& o = m_state.export_options;
  try {
    const viewer::ExportFormat& f = format_of(o);
    std::vector<viewer::ExportScene> scenes = export_scenes(o);
    if (f.picture) {
      if (!pictures) throw InputError("export: this build makes no PNG or GIF");
      pictures(o, std::move(scenes));
      if (!m_state.is_web) {
        m_state.error.clear();
        m_state.status = "exported " + o.path;
      }
      return;
    }
    const std::string text = f.text(scenes[0], static_cast<float>(o.width));
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    if (m_state.is_web) {
      if (download) download(std::string("kibitz-tree") + f.extension, bytes, f.mime);
      return;
    }
    write_file_bytes(o.path, bytes);
    m_state.error.clear();  // an earlier failed export's message is stale now
    m_state.status = "exported " + o.path;
  } catch (const std::exception& e) {
    m_state.error = failure_text(e);
  }
}

}  // namespace kibitz

// The page's JavaScript API as JSON (docs/js-api.md): what window.Kibitz's calls take and
// answer, over a ViewerApp's typed operations. The only place that speaks JSON to JavaScript;
// js_api.cpp binds these to window.Kibitz (Embind), and the viewer's tests call them natively.
//
// Every function answers JSON text; bad input answers {"error": "..."} naming the fault (and the
// viewer shows the same message), never an exception.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "app/viewer_app/viewer_app.hpp"

namespace kibitz::api {

std::string error(const std::string& message);  // {"error": message}

// Searches (api_search.cpp). options: runSearch's object as JSON text.
std::string run_search(ViewerApp& app, const std::string& options);    // the summary
std::string start_search(ViewerApp& app, const std::string& options);  // {"started":true}
std::string summary(const ViewerApp& app);       // {"value","nodes","leaves_evaluated",...}
std::string search_state(const ViewerApp& app);  // the background search
std::string apply_link(ViewerApp& app, const std::string& hash, bool background);
std::string load_trace(ViewerApp& app, const std::uint8_t* data, std::size_t size,
                       const std::string& name);
// The same from bytes that stay where they lie (the page's file, held by JavaScript).
std::string load_trace(ViewerApp& app, std::shared_ptr<const ByteSource> bytes,
                       const std::string& name);
std::string compare(ViewerApp& app, const std::string& a, const std::string& b);
std::string compare_state(const ViewerApp& app);

// The view (api_view.cpp).
std::string view_state(const ViewerApp& app);
std::string node_state(const ViewerApp& app, std::uint32_t id);
std::string pruned_leaves(const ViewerApp& app);
// Where node id's centre was on the canvas in the last frame: [x, y] in canvas pixels, or null.
std::string node_screen(const ViewerApp& app, std::uint32_t id);

// Quiz mode (api_quiz.cpp): {"level", "practice"}; an answer {"value"} | {"alpha","beta"} | ...
std::string start_quiz(ViewerApp& app, const std::string& options);
std::string quiz_state(const ViewerApp& app);
std::string answer_quiz(ViewerApp& app, const std::string& answer);
// The branches the canvas offers for marking as pruned in the last frame, each with its middle
// in canvas pixels: [{parent, child | pruned_branch, inner, x, y}].
std::string quiz_edges();
// Students' result codes, one a line: [{code, reading}] (read against the search shown).
std::string read_quiz_codes(const ViewerApp& app, const std::string& codes);

// File → Export… (api_export.cpp): {"format","width","caption","from","to","step","delay"}.
std::string export_view(ViewerApp& app, const std::string& options);
// A picture's frames for the page to draw: {"format","name","width","delay_cs","frames"}.
std::string pictures(const viewer::ViewerState::ExportOptions& o,
                     const std::vector<viewer::ExportScene>& scenes);

}  // namespace kibitz::api

#include "viewer/fonts.hpp"

#include <cstdio>

namespace kibitz::viewer {

bool load_fonts(ImFontAtlas& atlas, const char* ttf_path, float pixel_size) {
  static const ImWchar k_ranges[] = {
      0x0020, 0x00FF,  // Basic Latin, Latin-1
      0x0370, 0x03FF,  // Greek: α β δ
      0x2010, 0x2044,  // dashes, quotes, ellipsis, prime
      0x2070, 0x209F,  // superscripts and subscripts: α₀
      0x2190, 0x21FF,  // arrows
      0x2200, 0x22FF,  // mathematical operators: − ∞ ≤ ≥ ⋆ ≠
      0x2300, 0x23FF,  // technical
      0x25A0, 0x25FF,  // geometric shapes: ▶ ◀ ●
      0x2600, 0x26FF,  // miscellaneous symbols: ♔ … ♟
      0x2700, 0x27BF,  // dingbats
      0,
  };
  atlas.Clear();
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  bool ok = false;
  if (std::FILE* f = std::fopen(ttf_path, "rb")) {
    std::fclose(f);
    ok = atlas.AddFontFromFileTTF(ttf_path, pixel_size, &config, k_ranges) != nullptr;
  }
  if (!ok) {
    ImFontConfig fallback;
    fallback.SizePixels = pixel_size;
    atlas.AddFontDefault(&fallback);
  }
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  atlas.GetTexDataAsRGBA32(&pixels, &w, &h);
  return ok;
}

}  // namespace kibitz::viewer

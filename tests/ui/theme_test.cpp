// The font atlas holds the texts' extra characters, from DejaVu Sans or a fallback face.
#include <catch2/catch.hpp>

#include "imgui_harness.hpp"
#include "theme.hpp"

using namespace lessonsim::ui;

TEST_CASE("theme: ranges_of makes sorted, merged, zero-terminated ImGui ranges") {
  CHECK(ranges_of({}) == std::vector<ImWchar>{0});
  CHECK(ranges_of({0x0175, 0x0107, 0x0108, 0x0175, 0x1F680}) ==
        std::vector<ImWchar>{0x0107, 0x0108, 0x0175, 0x0175, 0});
  CHECK(in_glyph_ranges(U'ñ'));
  CHECK(in_glyph_ranges(U'≤'));
  CHECK_FALSE(in_glyph_ranges(U'ŵ'));
}

TEST_CASE("theme: extra characters and a fallback face end up in every font") {
  ImGuiContext* context = ImGui::CreateContext();
  FontData data{testing::read_font("DejaVuSans.ttf"), testing::read_font("DejaVuSans-Bold.ttf")};
  REQUIRE_FALSE(data.regular.empty());
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;

  build_fonts(atlas, data, 1.0f);
  CHECK(fonts().body->FindGlyphNoFallback(U'ñ') != nullptr);
  CHECK(fonts().body->FindGlyphNoFallback(U'ŵ') == nullptr);
  CHECK(fonts().body->FindGlyphNoFallback(0x2312) == nullptr);

  data.extra = ranges_of({U'ŵ', U'ẋ'});
  FallbackFace mono{testing::read_font("DejaVuSansMono.ttf"), 0, ranges_of({0x2312})};
  REQUIRE_FALSE(mono.bytes.empty());
  data.fallbacks.push_back(std::move(mono));
  build_fonts(atlas, data, 1.0f);
  for (ImFont* f : {fonts().body, fonts().bold, fonts().title, fonts().small}) {
    CHECK(f->FindGlyphNoFallback(U'ŵ') != nullptr);
    CHECK(f->FindGlyphNoFallback(U'ẋ') != nullptr);
    CHECK(f->FindGlyphNoFallback(0x2312) != nullptr);
    CHECK(f->FindGlyphNoFallback(U'ñ') != nullptr);
  }
  ImGui::DestroyContext(context);
}

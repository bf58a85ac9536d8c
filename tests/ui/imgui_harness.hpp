// ImGui with no window and no renderer, for driving the lesson screen in tests.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <imgui.h>
#include <catch2/catch.hpp>

#include "lesson_screen.hpp"
#include "theme.hpp"

namespace lessonsim::ui::testing {

inline void append_utf8(std::string& out, unsigned c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

inline std::vector<unsigned char> read_font(const char* name) {
  std::ifstream in(std::string("/usr/share/fonts/truetype/dejavu/") + name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class ImGuiHarness {
 public:
  // `text_scale`: the learner's text size (1 = 100%), as the window builds its fonts and style.
  explicit ImGuiHarness(float width = 1280, float height = 800, float text_scale = 1) {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60.0f;
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    for (int k = 0; k < ImGuiKey_COUNT; ++k)
      io.KeyMap[k] = k;
    fonts_.regular = read_font("DejaVuSans.ttf");
    fonts_.bold = read_font("DejaVuSans-Bold.ttf");
    build_fonts(*io.Fonts, fonts_, text_scale, std::min(text_scale, canvas_text_cap));
    apply_theme(text_scale);
  }
  ~ImGuiHarness() { ImGui::DestroyContext(context_); }
  ImGuiHarness(const ImGuiHarness&) = delete;
  ImGuiHarness& operator=(const ImGuiHarness&) = delete;

  void resize(float width, float height) { ImGui::GetIO().DisplaySize = ImVec2(width, height); }

  void frame(LessonScreen& screen) {
    ImGui::NewFrame();
    screen.frame(1.0f / 60.0f);
    ImGui::Render();
  }

  // One frame, and the characters it drew, read back from the draw lists' glyph quads (spaces
  // and line breaks draw nothing, so they are left out): what a learner sees, not what the code
  // meant to show.
  std::string frame_text(LessonScreen& screen) {
    frame(screen);
    return drawn_text();
  }

  // One frame, and only the characters it drew in `colour`.
  std::string frame_text_in(LessonScreen& screen, ImU32 colour) {
    frame(screen);
    return drawn_text(colour);
  }

  // The characters the last frame drew (in `colour` only, when one is given).
  static std::string drawn_text(std::optional<ImU32> colour = {}) {
    std::map<std::pair<float, float>, const ImFontGlyph*> glyphs;
    for (const ImFont* font : ImGui::GetIO().Fonts->Fonts) {
      for (const ImFontGlyph& g : font->Glyphs) {
        if (g.Visible) glyphs[{g.U0, g.V0}] = &g;
      }
    }
    std::string text;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
      const ImVector<ImDrawVert>& v = data->CmdLists[l]->VtxBuffer;
      for (int k = 0; k + 2 < v.Size; ++k) {
        auto it = glyphs.find({v[k].uv.x, v[k].uv.y});
        if (it == glyphs.end() || v[k + 2].uv.x != it->second->U1 ||
            v[k + 2].uv.y != it->second->V1) {
          continue;
        }
        if (colour && v[k].col != *colour) {
          k += 3;
          continue;
        }
        append_utf8(text, it->second->Codepoint);
        k += 3;
      }
    }
    return text;
  }

  // `text` as frame_text reads it: without spaces and line breaks.
  static std::string as_drawn(std::string text) {
    std::erase_if(text, [](char c) { return c == ' ' || c == '\n'; });
    return text;
  }

  // Hover, press, release: what a real click looks like to ImGui.
  void click(LessonScreen& screen, const Rect& r, int button = 0) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(r.center_x(), r.center_y());
    frame(screen);
    io.MouseDown[button] = true;
    frame(screen);
    io.MouseDown[button] = false;
    frame(screen);
    frame(screen);  // the action lands at the end of the release frame; draw its result
  }

  void key(LessonScreen& screen, ImGuiKey key) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[io.KeyMap[key]] = true;
    frame(screen);
    io.KeysDown[io.KeyMap[key]] = false;
    frame(screen);
  }

  void type(LessonScreen& screen, char c) {
    ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
    frame(screen);
    frame(screen);
  }

  bool font_loaded() const { return !fonts_.regular.empty(); }

 private:
  ImGuiContext* context_ = nullptr;
  FontData fonts_;
};

// Where the screen drew the click target `name`; fails the test when it drew none.
inline Rect target_of(const LessonScreen& screen, const std::string& name) {
  auto r = screen.target(name);
  INFO("click target " << name);
  REQUIRE(r.has_value());
  return *r;
}

// Builds `n` frames, each drawn by `draw`, so layout that settles over frames has settled.
template <class Draw>
void frames(Draw draw, int n = 3) {
  for (int k = 0; k < n; ++k) {
    ImGui::NewFrame();
    draw();
    ImGui::Render();
  }
}

}  // namespace lessonsim::ui::testing

#include "fill_area.hpp"

#include <cmath>
#include <vector>

namespace lessonsim::bench {

namespace {

// Sutherland–Hodgman: the part of `poly` on the side of one clip edge where inside(p) holds.
template <typename Inside, typename Cross>
std::vector<ImVec2> clip(const std::vector<ImVec2>& poly, Inside inside, Cross cross) {
  std::vector<ImVec2> out;
  for (std::size_t k = 0; k < poly.size(); ++k) {
    const ImVec2& a = poly[k];
    const ImVec2& b = poly[(k + 1) % poly.size()];
    if (inside(a)) out.push_back(a);
    if (inside(a) != inside(b)) out.push_back(cross(a, b));
  }
  return out;
}

double clipped_area(ImVec2 a, ImVec2 b, ImVec2 c, const ImVec4& r) {
  std::vector<ImVec2> p{a, b, c};
  auto at_x = [](float x) {
    return [x](ImVec2 p, ImVec2 q) {
      float t = (x - p.x) / (q.x - p.x);
      return ImVec2(x, p.y + t * (q.y - p.y));
    };
  };
  auto at_y = [](float y) {
    return [y](ImVec2 p, ImVec2 q) {
      float t = (y - p.y) / (q.y - p.y);
      return ImVec2(p.x + t * (q.x - p.x), y);
    };
  };
  p = clip(
      p, [&](ImVec2 q) { return q.x >= r.x; }, at_x(r.x));
  p = clip(
      p, [&](ImVec2 q) { return q.x <= r.z; }, at_x(r.z));
  p = clip(
      p, [&](ImVec2 q) { return q.y >= r.y; }, at_y(r.y));
  p = clip(
      p, [&](ImVec2 q) { return q.y <= r.w; }, at_y(r.w));
  double twice = 0;
  for (std::size_t k = 0; k < p.size(); ++k) {
    const ImVec2& u = p[k];
    const ImVec2& v = p[(k + 1) % p.size()];
    twice += static_cast<double>(u.x) * v.y - static_cast<double>(v.x) * u.y;
  }
  return std::abs(twice) / 2;
}

}  // namespace

double filled_pixels(const ImDrawData& data) {
  double total = 0;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) continue;
      for (unsigned k = 0; k + 2 < cmd.ElemCount; k += 3) {
        const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + k;
        const ImDrawVert* v = list.VtxBuffer.Data + cmd.VtxOffset;
        total += clipped_area(v[idx[0]].pos, v[idx[1]].pos, v[idx[2]].pos, cmd.ClipRect);
      }
    }
  }
  return total;
}

}  // namespace lessonsim::bench

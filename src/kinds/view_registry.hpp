// The registry of one layer's machine views (the window's canvases, `play`'s terminal drawings):
// the listed kinds' views, each resolving the variables it reads as it registers, and any a test
// adds. `View` has `const char* kind` and `void (*resolve)()` (may be null).
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace lessonsim {

template <class View>
class ViewRegistry {
 public:
  // Resolves every view of `listed` now: throws UnknownVariable for a name a view reads and its
  // kind lacks.
  explicit ViewRegistry(std::vector<const View*> listed) : views_(std::move(listed)) {
    for (const View* v : views_)
      if (v->resolve) v->resolve();
  }

  const std::vector<const View*>& all() const { return views_; }

  // The view for `kind`, or null.
  const View* find(std::string_view kind) const {
    for (const View* v : views_)
      if (kind == v->kind) return v;
    return nullptr;
  }

  // Adds a view for a kind that has none, resolving it first (a throw registers nothing);
  // false when the kind already has one.
  bool add(const View& view) {
    if (view.resolve) view.resolve();
    if (find(view.kind)) return false;
    views_.push_back(&view);
    return true;
  }

 private:
  std::vector<const View*> views_;
};

}  // namespace lessonsim

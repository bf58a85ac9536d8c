// Reading a formula machine's declaration from the lesson's `machine` object, every fault a
// located error: a cycle, an unknown function or variable, a unit mismatch, an action that
// leaves its setting's bounds.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "formula.hpp"
#include "loader_support.hpp"

namespace lessonsim::detail {

// The declaration, or null when it has errors (all reported in `ctx`).
std::shared_ptr<const FormulaDef> read_formula(const JsonNode& node, const std::string& pointer,
                                               LoadContext& ctx);

// The derived variables' dependency order; reports the first cycle at the variable that
// closes it. `reads[d]` lists the derived variables d's expression names.
bool order_derived(const std::vector<std::vector<int>>& reads, std::vector<int>& order,
                   std::vector<int>& cycle);

// The derived variables (indices into `derived`) an expression's text names, calls skipped.
std::vector<int> derived_named(const std::string& text, const std::vector<std::string>& derived);

// The "picture" list, with its variables resolved against `def`'s (already read) table.
void read_picture(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                  FormulaDef& def);

// The index of the variable `name` in `def` (settings first), or -1 with a located error.
int variable_at(const JsonNode& name, const std::string& pointer, LoadContext& ctx,
                const FormulaDef& def);

}  // namespace lessonsim::detail

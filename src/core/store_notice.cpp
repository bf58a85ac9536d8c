#include "lessonsim/store_notice.hpp"

namespace lessonsim {

namespace {

Message cause_message(const StoreNotice& n) {
  switch (n.cause) {
    case StoreNotice::Cause::disk_full:
      return "progress.cause_disk_full";
    case StoreNotice::Cause::read_only:
      return "progress.cause_read_only";
    case StoreNotice::Cause::not_a_folder:
      return "progress.cause_not_a_folder";
    case StoreNotice::Cause::no_access:
      return "progress.cause_no_access";
    case StoreNotice::Cause::too_slow:
      return "progress.cause_too_slow";
    case StoreNotice::Cause::none:
    case StoreNotice::Cause::other:
      break;
  }
  return Message("progress.cause_other").text("detail", n.detail);
}

Message not_saving(const StoreNotice& n) {
  return Message("progress.not_saving")
      .text("folder", n.folder.string())
      .msg("cause", cause_message(n));
}

}  // namespace

Message StoreNotice::message() const {
  switch (kind) {
    case Kind::none:
      return {};
    case Kind::damaged:
      return Message(programs ? "progress.damaged_programs" : "progress.damaged")
          .msg("where", aside.empty() ? Message("progress.left_as_it_is")
                                      : Message("progress.kept_as").text("file", aside.string()))
          .msg("then", saving ? Message("progress.fresh_record") : not_saving(*this));
    case Kind::unwritable:
      return shows_saved ? Message("progress.unwritable").msg("then", not_saving(*this))
                         : not_saving(*this);
    case Kind::newer:
      return "progress.newer";
    case Kind::busy:
      return "progress.busy";
    case Kind::stopped_saving:
      return Message("progress.stopped_saving")
          .text("folder", folder.string())
          .msg("cause", cause_message(*this));
  }
  return {};
}

}  // namespace lessonsim

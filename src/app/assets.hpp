// The files every command reads first: the interface's message catalogs and the hardware.
#pragma once

namespace lessonsim::app {

// Reads assets/i18n and assets/hardware.json and installs them for the core, once per process
// (later calls return at once). A broken file is said on stderr, located; English stands in for
// a broken catalog, and a lesson whose machine names hardware then fails to load where it does.
// The window calls it on its font thread while the display sets the window up; every other
// command before it runs.
void install_assets();

}  // namespace lessonsim::app

# The browser build's third-party sources, from Debian's source packages of the versions the
# desktop build uses (libimgui-dev's imgui, libsqlite3-dev's sqlite3), fetched through a
# temporary deb-src list made from this machine's own apt sources, into a cache kept between
# runs ($XDG_CACHE_HOME/lessonsim/web-sources/, or LESSONSIM_WEB_CACHE). Sourced by scripts/web.
lessonsim_web_packages=(emscripten dpkg-dev tcl fonts-dejavu-core librsvg2-bin)

# Prints the folder holding imgui/, sqlite/ (the amalgamation) and include/ (header links).
lessonsim_web_sources() {
  local imgui_v sqlite_v
  imgui_v=$(dpkg-query -W -f='${source:Version}' libimgui-dev)
  sqlite_v=$(dpkg-query -W -f='${source:Version}' libsqlite3-dev)
  local cache="${LESSONSIM_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lessonsim/web-sources}"
  local dir="$cache/imgui-$imgui_v+sqlite-$sqlite_v"
  if [ ! -f "$dir/ready" ]; then
    echo "scripts/web: fetching imgui $imgui_v and sqlite3 $sqlite_v from Debian's sources" >&2
    local tmp
    tmp=$(mktemp -d)
    mkdir -p "$tmp/parts" "$tmp/lists/partial" "$tmp/dl" "$dir"
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -e "$f" ] && sed 's/^Types: deb$/Types: deb-src/' "$f" >"$tmp/parts/$(basename "$f")"
    done
    if [ -f /etc/apt/sources.list ]; then
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$tmp/parts/sources.list"
    fi
    local apt=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$tmp/parts"
               -o Dir::State::Lists="$tmp/lists" -o APT::Sandbox::User=root)
    apt-get "${apt[@]}" update -qq >&2
    (cd "$tmp/dl" && apt-get "${apt[@]}" source --download-only -qq \
       "imgui=$imgui_v" "sqlite3=$sqlite_v" >&2)
    rm -rf "$dir/imgui" "$dir/sqlite" "$dir/include"
    (cd "$tmp/dl" && dpkg-source -x ./imgui_*.dsc imgui >/dev/null 2>&1 &&
                     dpkg-source -x ./sqlite3_*.dsc sqlite3 >/dev/null 2>&1)
    mv "$tmp/dl/imgui" "$dir/imgui"
    # SQLite's amalgamation (sqlite3.c) is generated from its sources by tclsh.
    mkdir -p "$tmp/dl/sqlite3/bld" "$dir/sqlite"
    (cd "$tmp/dl/sqlite3/bld" && ../configure --disable-tcl >/dev/null 2>&1 &&
       make sqlite3.c >/dev/null 2>&1)
    cp "$tmp/dl/sqlite3/bld/sqlite3.c" "$tmp/dl/sqlite3/bld/sqlite3.h" "$dir/sqlite/"
    # Header-only libraries from Debian's packages, linked where the wasm compiler looks.
    mkdir -p "$dir/include"
    ln -sfn /usr/include/nlohmann "$dir/include/nlohmann"
    ln -sfn /usr/include/CLI "$dir/include/CLI"
    rm -rf "$tmp"
    touch "$dir/ready"
  fi
  echo "$dir"
}

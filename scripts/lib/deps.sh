# Installs the Debian packages lessonsim needs, if any is missing. Sourced by scripts/run and
# scripts/test; everything comes from Debian, nothing is downloaded at build time.
lessonsim_packages=(
  cmake ninja-build g++ pkg-config python3 python3-jsonschema
  libimgui-dev libglfw3-dev python3-glad libstb-dev zlib1g-dev
  nlohmann-json3-dev catch2 libcli11-dev libsqlite3-dev libicu-dev libcurl4-openssl-dev
  fonts-dejavu-core libfontconfig-dev xvfb xauth imagemagick sqlite3
  clang libclang-rt-14-dev
  librsvg2-bin dpkg-dev file desktop-file-utils appstream lintian strace
  libgettextpo-dev gettext libzip-dev shared-mime-info libxml2-utils
)

lessonsim_install_deps() {
  local missing=()
  local p
  for p in "${lessonsim_packages[@]}" "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "lessonsim: installing ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "lessonsim: please install these Debian packages as root: ${missing[*]}" >&2
      return 3
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq || return 3
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || {
    echo "lessonsim: apt-get could not install: ${missing[*]}" >&2
    return 3
  }
}

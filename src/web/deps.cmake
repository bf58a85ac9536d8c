# The browser build's libraries, from the sources scripts/web fetched from Debian's source
# packages into LESSONSIM_WEB_SOURCES (imgui/: ImGui 1.86 as Debian ships it; sqlite/: SQLite's
# amalgamation made from Debian's sqlite3 source; include/: links to the header-only libraries
# Debian installed, nlohmann/json and CLI11). Nothing here is downloaded.
set(LESSONSIM_WEB_SOURCES "" CACHE PATH "The sources scripts/web fetched (imgui, sqlite, include)")
if(NOT EXISTS "${LESSONSIM_WEB_SOURCES}/imgui/imgui.cpp" OR
   NOT EXISTS "${LESSONSIM_WEB_SOURCES}/sqlite/sqlite3.c")
  message(FATAL_ERROR "LESSONSIM_WEB_SOURCES must hold imgui/ and sqlite/: run scripts/web")
endif()
set(LESSONSIM_BUILD_UI ON CACHE BOOL "" FORCE)
set(BUILD_TESTING OFF CACHE BOOL "" FORCE)

# The code throws (an ImGui assertion, a bad lesson), so exceptions are on everywhere;
# GLFW is emscripten's own (-sUSE_GLFW=3), drawing through WebGL 2 (OpenGL ES 3).
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
# What this emscripten's libc++ lacks, supplied to every file (src/web/compat/).
string(APPEND CMAKE_CXX_FLAGS " -include ${PROJECT_SOURCE_DIR}/src/web/compat/libcxx_compat.hpp")

add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
                      INTERFACE_INCLUDE_DIRECTORIES ${LESSONSIM_WEB_SOURCES}/include)

# Single-threaded, as the page is: no locks to take, and in exclusive locking mode the
# write-ahead log keeps its index in memory instead of in a shared-memory file.
add_library(lessonsim_web_sqlite STATIC ${LESSONSIM_WEB_SOURCES}/sqlite/sqlite3.c)
target_include_directories(lessonsim_web_sqlite SYSTEM PUBLIC ${LESSONSIM_WEB_SOURCES}/sqlite)
target_compile_definitions(lessonsim_web_sqlite PRIVATE SQLITE_THREADSAFE=0
                           SQLITE_DEFAULT_LOCKING_MODE=1 SQLITE_OMIT_LOAD_EXTENSION
                           SQLITE_OMIT_DEPRECATED SQLITE_DQS=0)
target_compile_options(lessonsim_web_sqlite PRIVATE -Oz)
set_target_properties(lessonsim_web_sqlite PROPERTIES UNITY_BUILD OFF)
add_library(SQLite::SQLite3 ALIAS lessonsim_web_sqlite)

set(imgui_dir ${LESSONSIM_WEB_SOURCES}/imgui)
add_library(lessonsim_web_imgui STATIC
            ${imgui_dir}/imgui.cpp ${imgui_dir}/imgui_draw.cpp ${imgui_dir}/imgui_tables.cpp
            ${imgui_dir}/imgui_widgets.cpp ${imgui_dir}/backends/imgui_impl_glfw.cpp
            ${imgui_dir}/backends/imgui_impl_opengl3.cpp)
target_include_directories(lessonsim_web_imgui SYSTEM PUBLIC ${imgui_dir})
target_compile_definitions(lessonsim_web_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
set_target_properties(lessonsim_web_imgui PROPERTIES UNITY_BUILD OFF)
add_library(PkgConfig::IMGUI ALIAS lessonsim_web_imgui)

// The reference window for the start-up benchmark: GLFW + glad + ImGui's OpenGL3 backend and the
// stock loop (poll, draw every frame). `bare_window N` quits after N frames; 0 runs until closed.
// Its panel is placed and sized, so the first frame draws it; `bare_window N stock` leaves it
// auto-sized, and ImGui then hides it on its first frame: that first frame draws nothing at all,
// which under llvmpipe spares the fragment shader's compilation (about 13 MiB and 10-30 ms).
#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
  int exit_after = argc > 1 ? std::atoi(argv[1]) : 0;
  bool stock = argc > 2 && std::strcmp(argv[2], "stock") == 0;
  if (!glfwInit()) return 3;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  GLFWwindow* window = glfwCreateWindow(1280, 800, "bare", nullptr, nullptr);
  if (!window) return 3;
  glfwMakeContextCurrent(window);
  gladLoadGL(glfwGetProcAddress);
  glfwSwapInterval(1);
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  int frames = 0;
  while (!glfwWindowShouldClose(window)) {
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    if (!stock) {
      ImGui::SetNextWindowPos(ImVec2(40, 40));
      ImGui::SetNextWindowSize(ImVec2(360, 120));
    }
    ImGui::Begin("bare");
    ImGui::Text("A bare ImGui window");
    ImGui::End();
    ImGui::Render();
    int w = 0, h = 0;
    glfwGetFramebufferSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.9f, 0.9f, 0.9f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glfwSwapBuffers(window);
    if (exit_after > 0 && ++frames >= exit_after) break;
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return 0;
}

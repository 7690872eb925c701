package io.ordo.runner.tasktype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.task.Task;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Task types from jars in the plugin directory (SPEC 9.3): a jar built here, with its provider
 * file, is found; a class in it that breaks the rules is skipped without stopping the runner.
 */
class PluginDirectoryTest {
  @TempDir Path dir;

  @Test
  void aJarInThePluginDirectory_bringsItsTaskTypes_andBadOnesAreSkipped() throws Exception {
    Path plugins = Files.createDirectories(dir.resolve("plugins"));
    jar(
        plugins.resolve("invoices.jar"),
        "com.example.plugin.InvoiceTask",
        "package com.example.plugin;\n"
            + "@io.ordo.task.TaskType(aliases = \"Invoice\")\n"
            + "public class InvoiceTask extends io.ordo.task.AbstractTask {\n"
            + "  public void run() {}\n"
            + "}\n",
        "com.example.plugin.BrokenTask",
        "package com.example.plugin;\n"
            + "public abstract class BrokenTask extends io.ordo.task.AbstractTask {}\n");

    TaskTypeRegistry registry =
        TaskTypeRegistry.discover(getClass().getClassLoader(), List.of(), plugins);

    RegisteredType invoice = registry.find("Invoice").orElseThrow();
    assertEquals("com.example.plugin.InvoiceTask", invoice.info().taskClassName());
    Task instance = invoice.instantiate();
    assertTrue(instance.getClass().getClassLoader() != getClass().getClassLoader());
    assertTrue(
        registry.find("com.example.plugin.BrokenTask").isEmpty(), "the abstract one is skipped");
  }

  @Test
  void aPluginDirectoryThatIsNone_isRefusedNamingTheSetting() throws Exception {
    Path absent = dir.resolve("absent");
    InvalidTaskClassException missing =
        assertThrows(
            InvalidTaskClassException.class,
            () -> TaskTypeRegistry.discover(getClass().getClassLoader(), List.of(), absent));
    assertEquals(
        "the plugin directory " + absent + " (task-runner.plugin-dir) is not a directory",
        missing.getMessage());
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertThrows(
        InvalidTaskClassException.class,
        () -> TaskTypeRegistry.discover(getClass().getClassLoader(), List.of(), file));
  }

  @Test
  void aConfiguredClass_isRegistered() {
    TaskTypeRegistry registry =
        TaskTypeRegistry.discover(
            getClass().getClassLoader(), List.of(GoodTask.class.getName()), null);
    assertTrue(registry.find("Good").isPresent());
  }

  /** Compiles the sources (name, source, name, source, …) into a jar with a provider file. */
  private void jar(Path jar, String... namesAndSources) throws IOException {
    Path sources = Files.createDirectories(dir.resolve("src"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<String> files = new java.util.ArrayList<>();
    StringBuilder provider = new StringBuilder();
    for (int i = 0; i < namesAndSources.length; i += 2) {
      String name = namesAndSources[i];
      Path source = sources.resolve(name.replace('.', '/') + ".java");
      Files.createDirectories(source.getParent());
      Files.writeString(source, namesAndSources[i + 1]);
      files.add(source.toString());
      provider.append(name).append('\n');
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> arguments =
        new java.util.ArrayList<>(
            List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
    arguments.addAll(files);
    assertEquals(0, javac.run(null, null, null, arguments.toArray(new String[0])));
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      try (var walk = Files.walk(classes)) {
        for (Path file : walk.filter(Files::isRegularFile).toList()) {
          out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
          Files.copy(file, out);
          out.closeEntry();
        }
      }
      out.putNextEntry(new JarEntry("META-INF/services/" + Task.class.getName()));
      OutputStream entry = out;
      entry.write(provider.toString().getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
  }
}

package io.ordo.script;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The configured scripts directory (SPEC 9.4): a message's {@code jsPath} names a {@code .js} file
 * inside it, with {@code /} between folders. Anything that could leave the directory is refused
 * before the file system is asked: absolute paths, {@code .} and {@code ..} segments, backslashes,
 * percent signs (no decoding ever happens, so an encoded path can only be a mistake or an attack),
 * control characters; and the real path (symbolic links followed) must still lie inside the
 * directory.
 */
public final class ScriptDirectory {
  public static final String EXTENSION = ".js";

  private final Path root;

  public ScriptDirectory(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  public Path root() {
    return root;
  }

  /**
   * The file a {@code jsPath} names.
   *
   * @throws TaskControlException {@code unknown_task_type} if the path is not a script file inside
   *     the directory
   */
  public Path resolve(String jsPath) {
    String problem = syntaxProblem(jsPath);
    if (problem != null) {
      throw unknown(jsPath, problem);
    }
    try {
      Path realRoot = root.toRealPath();
      Path file = realRoot.resolve(jsPath).normalize();
      if (!file.startsWith(realRoot) || !Files.isRegularFile(file)) {
        throw unknown(jsPath, "no such script in the scripts directory");
      }
      Path real = file.toRealPath();
      if (!real.startsWith(realRoot)) {
        throw unknown(jsPath, "the script is a link to a file outside the scripts directory");
      }
      return real;
    } catch (IOException e) {
      throw unknown(jsPath, "no such script in the scripts directory");
    }
  }

  /**
   * Every script file, as the {@code jsPath} that names it, sorted: the files {@link #resolve}
   * accepts (a link to a file outside the directory is left out).
   */
  public List<String> list() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(file -> file.getFileName().toString().endsWith(EXTENSION))
          .filter(Files::isRegularFile)
          .map(file -> root.relativize(file).toString().replace('\\', '/'))
          .filter(this::isScript)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the scripts directory " + root, e);
    }
  }

  private boolean isScript(String jsPath) {
    try {
      resolve(jsPath);
      return true;
    } catch (TaskControlException notAScript) {
      return false;
    }
  }

  /** Why a path cannot name a script, whatever the files; null if it may. */
  static String syntaxProblem(String jsPath) {
    if (jsPath == null || jsPath.isBlank()) {
      return "jsPath is empty";
    }
    if (!jsPath.endsWith(EXTENSION)) {
      return "jsPath must name a " + EXTENSION + " file";
    }
    if (jsPath.startsWith("/") || jsPath.matches("^[A-Za-z]:.*")) {
      return "jsPath must be relative to the scripts directory";
    }
    for (int i = 0; i < jsPath.length(); i++) {
      char c = jsPath.charAt(i);
      if (c < 0x20 || c == 0x7f || c == '\\' || c == '%' || c == ':') {
        return "jsPath may not contain control characters, '\\', '%' or ':'";
      }
    }
    for (String segment : jsPath.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        return "jsPath may not contain empty, '.' or '..' segments";
      }
    }
    return null;
  }

  private static TaskControlException unknown(String jsPath, String why) {
    return new TaskControlException(
        ErrorCode.UNKNOWN_TASK_TYPE,
        "unknown script '" + jsPath + "': " + why + "; GET /api/v1/task-types lists the scripts",
        new JsonObject().put("jsPath", jsPath));
  }
}

package io.ordo.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A node's YAML configuration file, read into its top-level mapping. Whatever keeps the file from
 * being read (absent, a directory, not UTF-8, not YAML) is a {@link ConfigException} of one line
 * naming the file and, for bad YAML, the line and column; never a parser's stack trace.
 */
final class YamlConfigFile {
  private YamlConfigFile() {}

  /** The file's top-level mapping; empty for an empty file. */
  static Map<?, ?> read(Path file) {
    Object root;
    try (Reader reader = Files.newBufferedReader(file)) {
      // a key given twice is refused: SnakeYAML would keep the last one and only log a warning
      LoaderOptions options = new LoaderOptions();
      options.setAllowDuplicateKeys(false);
      root = new Yaml(new SafeConstructor(options)).load(reader);
    } catch (NoSuchFileException e) {
      throw new ConfigException("cannot read configuration file " + file + ": no such file");
    } catch (IOException e) {
      throw new ConfigException("cannot read configuration file " + file + ": " + reason(e));
    } catch (MarkedYAMLException e) {
      throw new ConfigException(file + " is not valid YAML: " + oneLine(e));
    } catch (YAMLException e) {
      // SnakeYAML reads the file itself and wraps what reading threw (a directory, bad UTF-8)
      throw new ConfigException(
          "cannot read configuration file "
              + file
              + ": "
              + (e.getCause() != null ? reason(e.getCause()) : e.getMessage()));
    }
    if (root == null) {
      return Map.of();
    }
    if (!(root instanceof Map<?, ?> map)) {
      throw new ConfigException(file + ": the top level must be a mapping");
    }
    return map;
  }

  private static String oneLine(MarkedYAMLException e) {
    String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
    Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
    String where =
        mark == null
            ? ""
            : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
    return String.valueOf(problem).replaceAll("\\s+", " ").trim() + where;
  }

  private static String reason(Throwable error) {
    if (error instanceof CharacterCodingException) {
      return "not UTF-8 text";
    }
    return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
  }
}

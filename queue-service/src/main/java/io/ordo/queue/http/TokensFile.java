package io.ordo.queue.http;

import io.ordo.config.ConfigException;
import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.config.TokenEntries;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads the tokens file ({@code tokens-file}): a list of {@code {hash|token, tenant, role}}, at the
 * top or under {@code tokens:}. Anything else (unreadable, not YAML, another shape, an entry that
 * is not a mapping) is a {@link ConfigException} of one line naming the file, never a token.
 */
final class TokensFile {
  private TokensFile() {}

  /** The file's tokens by hash. */
  static Map<String, TokenEntry> read(Path file) {
    Object root;
    try (Reader reader = Files.newBufferedReader(file)) {
      root = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
    } catch (NoSuchFileException e) {
      throw invalid(file, "no such file");
    } catch (MarkedYAMLException e) {
      // a parser's message quotes the file's text, which holds tokens: only where is said
      Mark mark = e.getProblemMark();
      throw invalid(
          file,
          "not valid YAML"
              + (mark == null
                  ? ""
                  : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")"));
    } catch (IOException | YAMLException e) {
      throw invalid(file, "not readable YAML (" + e.getClass().getSimpleName() + ")");
    }
    Object list = root instanceof Map<?, ?> map ? map.get("tokens") : root;
    if (!(list instanceof List<?> entries)) {
      throw invalid(file, "must be a list of {hash or token, tenant, role}, or hold one as tokens");
    }
    Map<String, TokenEntry> loaded = new HashMap<>();
    for (Object item : entries) {
      if (!(item instanceof Map<?, ?> entryMap)) {
        throw invalid(file, "each entry needs token (or hash), tenant and role");
      }
      TokenEntry entry;
      try {
        entry = TokenEntries.fromMap(entryMap);
      } catch (ConfigException e) {
        throw invalid(file, e.getMessage());
      }
      loaded.put(entry.tokenHash(), entry);
    }
    return Map.copyOf(loaded);
  }

  private static ConfigException invalid(Path file, String problem) {
    return new ConfigException("tokens-file " + file + ": " + problem);
  }
}

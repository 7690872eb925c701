package io.ordo.deploy;

import io.ordo.config.ConfigException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The log settings, read from the environment before anything logs: {@code ORDO_LOG_FORMAT} picks
 * Logback's file, {@code ORDO_LOG_LEVEL} goes into it. Each is checked first: Logback reads a level
 * it does not know as {@code DEBUG} without a word, and an unknown format gave text logs.
 */
final class LogSettings {
  private static final List<String> LEVELS =
      List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");
  private static final List<String> FORMATS = List.of("text", "json");

  private LogSettings() {}

  /**
   * Checks both settings and chooses the format's Logback file.
   *
   * @throws ConfigException naming the setting and the values it takes
   */
  static void apply(Map<String, String> environment) {
    String level = given(environment, "ORDO_LOG_LEVEL");
    if (level != null && !LEVELS.contains(level.toUpperCase(Locale.ROOT))) {
      throw new ConfigException(
          "ORDO_LOG_LEVEL must be one of " + String.join(", ", LEVELS) + ", got '" + level + "'");
    }
    // Logback looks its variables up among the system properties first: the level as checked
    System.setProperty("ORDO_LOG_LEVEL", level == null ? "INFO" : level.toUpperCase(Locale.ROOT));
    String format = given(environment, "ORDO_LOG_FORMAT");
    if (format != null && !FORMATS.contains(format.toLowerCase(Locale.ROOT))) {
      throw new ConfigException(
          "ORDO_LOG_FORMAT must be one of "
              + String.join(", ", FORMATS)
              + ", got '"
              + format
              + "'");
    }
    if ("json".equalsIgnoreCase(format)) {
      System.setProperty("logback.configurationFile", "logback-json.xml");
    }
  }

  /** The setting's value, or null when it is unset or blank (as other settings read a blank). */
  private static String given(Map<String, String> environment, String name) {
    String value = environment.get(name);
    return value == null || value.isBlank() ? null : value.strip();
  }
}

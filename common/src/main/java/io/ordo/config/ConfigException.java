package io.ordo.config;

/** A configuration value is missing or malformed; the message names the key. */
public class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }
}

package io.ordo.statemachine.language;

import java.util.regex.Pattern;

/** Where something is in a definition, written as the JSON path a {@link ValidationError} shows. */
final class Location {

  static final Location ROOT = new Location("$");

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private final String path;

  private Location(String path) {
    this.path = path;
  }

  Location field(String name) {
    if (IDENTIFIER.matcher(name).matches()) {
      return new Location(path + "." + name);
    }
    return new Location(path + "['" + name.replace("\\", "\\\\").replace("'", "\\'") + "']");
  }

  Location index(int index) {
    return new Location(path + "[" + index + "]");
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Location location && location.path.equals(path);
  }

  @Override
  public int hashCode() {
    return path.hashCode();
  }

  @Override
  public String toString() {
    return path;
  }
}

package io.ordo.queue.store;

import io.vertx.sqlclient.Row;
import java.util.Optional;
import java.util.function.Function;

/** What the stores read from the rows of a statement. */
final class Rows {
  private Rows() {}

  /** The first row mapped, or empty if there is none (a statement of at most one row). */
  static <T> Optional<T> first(Iterable<Row> rows, Function<Row, T> mapping) {
    var iterator = rows.iterator();
    return iterator.hasNext() ? Optional.of(mapping.apply(iterator.next())) : Optional.empty();
  }
}

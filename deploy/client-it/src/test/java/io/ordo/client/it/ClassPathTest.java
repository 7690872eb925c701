package io.ordo.client.it;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** This module's test class path is an application's: ordo-client, Jackson and JUnit, no more. */
class ClassPathTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "io.vertx.core.Vertx", // Vert.x
        "io.netty.channel.Channel", // Netty
        "io.ordo.TaskControlException", // ordo-common
        "io.ordo.client.TaskManager", // ordo-common's event-bus client
        "io.ordo.deploy.Main", // the node
        "org.postgresql.Driver", // the database driver
        "org.flywaydb.core.Flyway",
        "io.micrometer.core.instrument.MeterRegistry",
        "org.slf4j.Logger"
      })
  void theServersClassesAreAbsent(String className) {
    assertThrows(ClassNotFoundException.class, () -> Class.forName(className));
  }
}

package io.ordo.deploy;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C twice: the first SIGINT or SIGTERM goes to the JVM's own handler (the shutdown hooks run:
 * the graceful shutdown waits up to the grace period for running tasks); a second one, while that
 * wait is on, runs an action (the node stops waiting and releases its tasks with re-entry) instead
 * of being swallowed by a JVM that is already exiting.
 */
final class SecondSignal {
  private static final Logger LOG = LoggerFactory.getLogger(SecondSignal.class);

  private SecondSignal() {}

  static void install(Runnable onSecond) {
    AtomicBoolean first = new AtomicBoolean(true);
    for (String name : List.of("INT", "TERM")) {
      try {
        Signal signal = new Signal(name);
        SignalHandler[] jvmHandler = new SignalHandler[1];
        jvmHandler[0] =
            Signal.handle(
                signal,
                received -> {
                  if (first.getAndSet(false)) {
                    jvmHandler[0].handle(received); // exits with 128 + the signal number
                  } else {
                    LOG.warn("Second SIG{}: stopping now", received.getName());
                    onSecond.run();
                  }
                });
        if (jvmHandler[0] == SignalHandler.SIG_IGN || jvmHandler[0] == SignalHandler.SIG_DFL) {
          // ignored (a background job) or not the JVM's (-Xrs): left as it was
          Signal.handle(signal, jvmHandler[0]);
        }
      } catch (IllegalArgumentException e) {
        LOG.debug("SIG{} is not ours to handle: {}", name, e.getMessage());
      }
    }
  }
}

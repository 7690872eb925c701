package io.ordo.runner.tasktype;

import io.ordo.model.TimeoutType;
import io.ordo.model.Timeouts;
import io.ordo.task.Task;
import io.ordo.task.TaskType;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The task types a runner knows (SPEC 9.3): classes named in {@code
 * META-INF/services/io.ordo.task.Task} (the {@link java.util.ServiceLoader} provider file) on the
 * class path, classes listed in configuration, and those of the jars in the plugin directory. Each
 * is checked against {@link TaskClassRules} when registered. A message can only ever make a runner
 * load a class registered here.
 */
public final class TaskTypeRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(TaskTypeRegistry.class);
  static final String SERVICE_FILE = "META-INF/services/" + Task.class.getName();

  private final Map<String, RegisteredType> byClassName = new LinkedHashMap<>();
  private final Map<String, RegisteredType> byAlias = new LinkedHashMap<>();

  /**
   * Discovers the task types of a runner.
   *
   * @param loader the class loader whose service files are read
   * @param configured class names from configuration
   * @param pluginDir a directory of task jars, or null
   * @throws InvalidTaskClassException if a class on the class path or in configuration breaks the
   *     rules (plugin classes that do are logged and skipped), or the plugin directory cannot be
   *     listed
   */
  public static TaskTypeRegistry discover(
      ClassLoader loader, List<String> configured, Path pluginDir) {
    TaskTypeRegistry registry = new TaskTypeRegistry();
    for (String name : serviceEntries(loader)) {
      registry.register(load(name, loader));
    }
    for (String name : configured) {
      registry.register(load(name, loader));
    }
    if (pluginDir != null) {
      registry.registerPlugins(pluginDir, loader);
    }
    return registry;
  }

  /**
   * Registers a task class.
   *
   * @throws InvalidTaskClassException if it breaks a rule, or an alias is taken
   */
  public synchronized RegisteredType register(Class<?> type) {
    TaskClassRules.check(type);
    @SuppressWarnings("unchecked")
    Class<? extends Task> taskType = (Class<? extends Task>) type;
    RegisteredType existing = byClassName.get(type.getName());
    if (existing != null) {
      return existing;
    }
    TaskType annotation = type.getAnnotation(TaskType.class);
    List<String> aliases = annotation == null ? List.of() : List.of(annotation.aliases());
    for (String alias : aliases) {
      RegisteredType holder = byAlias.get(alias);
      if (holder != null || byClassName.containsKey(alias)) {
        throw new InvalidTaskClassException(
            type.getName()
                + " cannot use the alias '"
                + alias
                + "': "
                + (holder == null
                    ? "a task class has that name"
                    : holder.type().getName() + " has it"));
      }
    }
    RegisteredType registered =
        new RegisteredType(
            taskType,
            new TaskTypeInfo(
                type.getName(), aliases, defaults(type, annotation), RetryDefaults.of(type)));
    byClassName.put(type.getName(), registered);
    aliases.forEach(alias -> byAlias.put(alias, registered));
    return registered;
  }

  /** The type a message names, by class name or alias. */
  public Optional<RegisteredType> find(String name) {
    RegisteredType type = byClassName.get(name);
    return Optional.ofNullable(type != null ? type : byAlias.get(name));
  }

  public List<TaskTypeInfo> infos() {
    return byClassName.values().stream().map(RegisteredType::info).toList();
  }

  private static Timeouts defaults(Class<?> type, TaskType annotation) {
    if (annotation == null) {
      return Timeouts.NONE_AT_ALL;
    }
    JsonObject json =
        new JsonObject()
            .put(TimeoutType.SCHEDULE_TO_START.jsonName(), value(annotation.scheduleToStart()))
            .put(TimeoutType.START_TO_CLOSE.jsonName(), value(annotation.startToClose()))
            .put(TimeoutType.HEARTBEAT.jsonName(), value(annotation.heartbeat()))
            .put(TimeoutType.SCHEDULE_TO_CLOSE.jsonName(), value(annotation.scheduleToClose()));
    try {
      return Timeouts.fromJson(json, Timeouts.NONE_AT_ALL);
    } catch (RuntimeException e) {
      throw new InvalidTaskClassException(
          type.getName() + " declares bad default timeouts: " + e.getMessage(), e);
    }
  }

  private static Object value(String text) {
    if (Timeouts.NONE.equals(text)) {
      return text;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      return text;
    }
  }

  private void registerPlugins(Path pluginDir, ClassLoader parent) {
    List<URL> jars = new ArrayList<>();
    try (Stream<Path> files = Files.list(pluginDir)) {
      files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(f -> jars.add(url(f)));
    } catch (NoSuchFileException | NotDirectoryException e) {
      throw new InvalidTaskClassException(
          "the plugin directory " + pluginDir + " (task-runner.plugin-dir) is not a directory", e);
    } catch (IOException e) {
      throw new InvalidTaskClassException(
          "cannot list the plugin directory " + pluginDir + " (task-runner.plugin-dir): " + e, e);
    }
    if (jars.isEmpty()) {
      return;
    }
    URLClassLoader plugins = new URLClassLoader(jars.toArray(new URL[0]), parent);
    List<String> parentEntries = serviceEntries(parent);
    for (String name : serviceEntries(plugins)) {
      if (parentEntries.contains(name)) {
        continue;
      }
      try {
        RegisteredType type = register(load(name, plugins));
        LOG.info("Loaded task type {} from the plugin directory", type.info().taskClassName());
      } catch (InvalidTaskClassException e) {
        LOG.error("Skipping a plugin task: {}", e.getMessage());
      }
    }
  }

  private static URL url(Path file) {
    try {
      return file.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(file.toString(), e);
    }
  }

  private static Class<?> load(String name, ClassLoader loader) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new InvalidTaskClassException("task class " + name + " cannot be loaded: " + e, e);
    }
  }

  /** The class names listed in every provider file the loader sees, in order, without repeats. */
  private static List<String> serviceEntries(ClassLoader loader) {
    List<String> names = new ArrayList<>();
    try {
      Enumeration<URL> files = loader.getResources(SERVICE_FILE);
      while (files.hasMoreElements()) {
        URL file = files.nextElement();
        try (BufferedReader reader =
            new BufferedReader(new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
          reader
              .lines()
              .map(line -> line.replaceAll("#.*", "").trim())
              .filter(line -> !line.isEmpty() && !names.contains(line))
              .forEach(names::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + SERVICE_FILE, e);
    }
    return names;
  }
}

package io.ordo.client.impl;

import io.ordo.client.ParallelizedTaskMessage;
import io.ordo.client.SerializedTaskMessage;
import io.ordo.client.TaskManager;
import io.ordo.client.TaskRegistration;
import io.ordo.client.report.RegisteredInfo;
import io.ordo.model.TaskInfo;
import java.util.Map;

/**
 * The blocking forms of {@link TaskManager}: each starts its {@code Async} form and waits for it
 * with {@link Blocking}, which refuses event-loop threads and rethrows the operation's exception.
 */
public abstract class BlockingTaskManager implements TaskManager {
  private final Blocking blocking;

  protected BlockingTaskManager(Blocking blocking) {
    this.blocking = blocking;
  }

  @Override
  public ParallelizedTaskMessage addParallelizedTask(
      String taskClassName, Map<String, ?> parameter) {
    return blocking.await(() -> addParallelizedTaskAsync(taskClassName, parameter));
  }

  @Override
  public ParallelizedTaskMessage addParallelizedTask(TaskRegistration registration) {
    return blocking.await(() -> addParallelizedTaskAsync(registration));
  }

  @Override
  public SerializedTaskMessage addSerializedTask(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError) {
    return blocking.await(
        () -> addSerializedTaskAsync(queueId, taskClassName, parameter, stopProgressOnError));
  }

  @Override
  public SerializedTaskMessage addSerializedTask(String queueId, TaskRegistration registration) {
    return blocking.await(() -> addSerializedTaskAsync(queueId, registration));
  }

  @Override
  public boolean removeParallelizedTask(String messageId) {
    return blocking.await(() -> removeParallelizedTaskAsync(messageId));
  }

  @Override
  public boolean removeSerializedTask(String messageId) {
    return blocking.await(() -> removeSerializedTaskAsync(messageId));
  }

  @Override
  public void setParallelizedTaskQueueActive(boolean active) {
    blocking.await(() -> setParallelizedTaskQueueActiveAsync(active));
  }

  @Override
  public boolean addSerializedTaskQueue(String queueId, boolean active) {
    return blocking.await(() -> addSerializedTaskQueueAsync(queueId, active));
  }

  @Override
  public boolean removeSerializedTaskQueue(String queueId) {
    return blocking.await(() -> removeSerializedTaskQueueAsync(queueId));
  }

  @Override
  public void setSerializedTaskQueueActive(String queueId, boolean active) {
    blocking.await(() -> setSerializedTaskQueueActiveAsync(queueId, active));
  }

  @Override
  public ParallelizedTaskMessage releaseRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop) {
    return blocking.await(() -> releaseRunningParallelizedTaskAsync(messageId, reentry, stop));
  }

  @Override
  public SerializedTaskMessage releaseRunningSerializedTask(
      String messageId, boolean reentry, boolean stop) {
    return blocking.await(() -> releaseRunningSerializedTaskAsync(messageId, reentry, stop));
  }

  @Override
  public ParallelizedTaskMessage stopRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop) {
    return blocking.await(() -> stopRunningParallelizedTaskAsync(messageId, reentry, stop));
  }

  @Override
  public SerializedTaskMessage stopRunningSerializedTask(
      String messageId, boolean reentry, boolean stop) {
    return blocking.await(() -> stopRunningSerializedTaskAsync(messageId, reentry, stop));
  }

  @Override
  public RegisteredInfo getRegisteredInfo() {
    return blocking.await(this::getRegisteredInfoAsync);
  }

  @Override
  public TaskInfo getTaskInfo(String messageId) {
    return blocking.await(() -> getTaskInfoAsync(messageId));
  }
}

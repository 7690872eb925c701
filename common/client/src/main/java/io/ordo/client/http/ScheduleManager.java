package io.ordo.client.http;

import io.ordo.client.http.exception.ForbiddenException;
import io.ordo.client.http.exception.InvalidRequestException;
import io.ordo.client.http.exception.NotFoundException;
import io.ordo.client.http.exception.UnknownTaskTypeException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Recurring schedules over Ordo's HTTP API: each fire registers a task message or starts a
 * state-machine execution. Get one from {@link OrdoClient#schedules()}; it is thread-safe. Blocking
 * and {@code Async} forms and exceptions as in {@link TaskManager}; every call needs an operator's
 * or an admin's token ({@link ForbiddenException} for a submitter's). All calls but {@link
 * #triggerSchedule} are retried after a lost answer: a repeat cannot change their outcome.
 */
public interface ScheduleManager {
  /**
   * Creates or replaces a schedule. A replaced schedule keeps its paused state and its history; its
   * next slot is computed anew.
   *
   * @param scheduleId letters, digits, {@code _ . -}, at most 50
   * @return the stored schedule with its next fire times
   * @throws InvalidRequestException the cron expression, the time zone or the task is invalid (e.g.
   *     a state machine that does not exist); nothing was stored
   * @throws UnknownTaskTypeException the task message names an unknown task type
   */
  Schedule putSchedule(String scheduleId, ScheduleSpec spec);

  /** The async form of {@link #putSchedule}. */
  CompletableFuture<Schedule> putScheduleAsync(String scheduleId, ScheduleSpec spec);

  /**
   * A schedule with its next 5 fire times and its recent fires and skips.
   *
   * @throws NotFoundException there is no schedule with this id
   */
  Schedule getSchedule(String scheduleId);

  /** The async form of {@link #getSchedule}. */
  CompletableFuture<Schedule> getScheduleAsync(String scheduleId);

  /** The tenant's schedules, by id. */
  List<Schedule> listSchedules();

  /** The async form of {@link #listSchedules}. */
  CompletableFuture<List<Schedule>> listSchedulesAsync();

  /**
   * Pauses a schedule: slots that pass while it is paused never fire. Pausing a paused schedule
   * changes nothing.
   *
   * @return the schedule, paused, without next fire times
   * @throws NotFoundException there is no schedule with this id
   */
  Schedule pauseSchedule(String scheduleId);

  /** The async form of {@link #pauseSchedule}. */
  CompletableFuture<Schedule> pauseScheduleAsync(String scheduleId);

  /**
   * Resumes a schedule from its first slot after now.
   *
   * @return the schedule with its next fire times
   * @throws NotFoundException there is no schedule with this id
   */
  Schedule resumeSchedule(String scheduleId);

  /** The async form of {@link #resumeSchedule}. */
  CompletableFuture<Schedule> resumeScheduleAsync(String scheduleId);

  /**
   * Fires a schedule now, paused or not, whatever its overlap policy; its slots do not change. Not
   * retried after a lost answer (a repeat would fire again).
   *
   * @return the history entry of the fire: {@code ScheduleFired} with the message or execution id,
   *     or {@code ScheduleSkipped} with reason {@code REFUSED} (e.g. its serial queue is missing)
   * @throws NotFoundException there is no schedule with this id
   */
  ScheduleEvent triggerSchedule(String scheduleId);

  /** The async form of {@link #triggerSchedule}. */
  CompletableFuture<ScheduleEvent> triggerScheduleAsync(String scheduleId);

  /**
   * Deletes a schedule and its history; the messages and executions it started are not touched.
   *
   * @return true if deleted; false if there is no schedule with this id (also when the client's own
   *     retry follows a delete whose answer was lost)
   */
  boolean deleteSchedule(String scheduleId);

  /** The async form of {@link #deleteSchedule}. */
  CompletableFuture<Boolean> deleteScheduleAsync(String scheduleId);
}

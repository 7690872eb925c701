package io.ordo.statemachine.language;

import java.time.Duration;

/**
 * The answer "retry this state" from a {@link RetryPolicy}.
 *
 * @param retrierIndex which retrier of the state's Retry field matched: its retry count is the one
 *     to increase
 * @param retryNumber which retry this is for that retrier, from 1
 * @param delay how long to wait before running the state again
 */
public record ScheduledRetry(int retrierIndex, int retryNumber, Duration delay) {}

package io.ordo.queue.registration;

import java.time.Instant;

/**
 * What a registration takes from the request besides its body.
 *
 * @param arrival when the request arrived (the default sent time)
 * @param traceparent the W3C {@code traceparent} header, or null
 * @param acceptLanguage the {@code Accept-Language} header (the default locale), or null
 * @param idempotencyKey the {@code Idempotency-Key} header, or null
 */
public record RequestMeta(
    Instant arrival, String traceparent, String acceptLanguage, String idempotencyKey) {}

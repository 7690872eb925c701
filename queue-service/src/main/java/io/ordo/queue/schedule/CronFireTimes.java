package io.ordo.queue.schedule;

import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Slots of a cron expression in a time zone, computed by cron-utils. Five fields are Unix cron
 * (minute hour day-of-month month day-of-week); six fields are Spring's flavour, with seconds
 * first. Daylight saving: a local time the clocks skip does not exist, so it does not fire that day
 * (cron-utils moves to the next match); a local time the clocks repeat fires once, at its first
 * occurrence (the second one is dropped here).
 */
final class CronFireTimes implements FireTimes {
  private static final CronParser UNIX =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

  /**
   * Spring's 6 fields as cron-utils defines them, but every range ascending, as in its Unix
   * definition: cron-utils' Spring lets a range of days, months or weekdays wrap (5-0, DEC-JAN) and
   * finds the wrong slots for some (31-1 fired on the 31st only).
   */
  private static final CronParser WITH_SECONDS =
      new CronParser(
          CronDefinitionBuilder.defineCron()
              .withSeconds()
              .withValidRange(0, 59)
              .withStrictRange()
              .and()
              .withMinutes()
              .withValidRange(0, 59)
              .withStrictRange()
              .and()
              .withHours()
              .withValidRange(0, 23)
              .withStrictRange()
              .and()
              .withDayOfMonth()
              .withValidRange(1, 31)
              .supportsQuestionMark()
              .withStrictRange()
              .and()
              .withMonth()
              .withValidRange(1, 12)
              .withStrictRange()
              .and()
              .withDayOfWeek()
              .withValidRange(0, 7)
              .withMondayDoWValue(1)
              .withIntMapping(7, 0)
              .supportsHash()
              .supportsQuestionMark()
              .withStrictRange()
              .and()
              .instance());

  /** cron-utils' Spring definition: how a schedule stored before ranges had to ascend is read. */
  private static final CronParser STORED_WITH_SECONDS =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.SPRING));

  /** What a cron expression's fields may hold: the reason given for one that does not parse. */
  private static final String FIELDS =
      "its fields are minute 0-59, hour 0-23, day of month 1-31, month 1-12 (or JAN-DEC),"
          + " weekday 0-7 (or SUN-SAT; 0 and 7 are Sunday), with seconds 0-59 first when there are 6,"
          + " each a number, a range a-b (a at most b: Friday to Sunday is 5-7 or FRI-SUN), a list"
          + " a,b, a step */n or *; with 6 fields also Spring's ? (no specific value, in one of the"
          + " two day fields) and n#k in the weekday field (the k-th weekday n of the month)";

  /**
   * A range from SUN in the weekday field. cron-utils reads the name SUN as 7, so SUN-SAT would
   * descend (7-6) and be refused; in a range Sunday is 0 at the start and 7 at the end (SUN-MON is
   * Sunday and Monday, FRI-SUN Friday to Sunday). SUN-SUN is Sunday, not 0-7.
   */
  private static final Pattern RANGE_FROM_SUNDAY = Pattern.compile("(?i)\\bSUN-(?!SUN\\b)");

  /** Where the check that an expression matches some date starts: any time would do. */
  private static final Instant REFERENCE = Instant.parse("2000-01-01T00:00:00Z");

  /** Slots searched at most per question (a cron that never matches ends the search sooner). */
  private static final int MAX_STEPS = 1000;

  private final ExecutionTime times;
  private final ZoneId zone;

  private CronFireTimes(ExecutionTime times, ZoneId zone) {
    this.times = times;
    this.zone = zone;
  }

  /**
   * Parses the cron expression a schedule is put with.
   *
   * @throws IllegalArgumentException with a readable reason if it is not 5 or 6 valid fields (each
   *     in ASCII, each range ascending), or if it matches no date at all (the 30th of February)
   */
  static CronFireTimes parse(String expression, ZoneId zone) {
    // Java's number parsing takes any Unicode digit: cron-utils read U+0665 (Arabic-Indic five) as
    // 5 and U+FF10 (fullwidth zero) as 0
    OptionalInt foreign = expression.codePoints().filter(c -> c > 0x7F).findFirst();
    if (foreign.isPresent()) {
      throw new IllegalArgumentException(
          String.format(
              "it holds U+%04X, which is not ASCII: its numbers are written with the digits 0-9",
              foreign.getAsInt()));
    }
    String[] fields = expression.trim().split("\\s+");
    if (fields.length == 6 && fields[3].equals("?") && fields[5].equals("?")) {
      throw new IllegalArgumentException(
          "? (no specific value) stands in one of the day of month and weekday fields, the other"
              + " naming the days; here both are ?");
    }
    CronFireTimes times = read(expression, zone, WITH_SECONDS);
    // no year field: a cron that matches a date matches one within 28 years of any time (leap days
    // and weekdays repeat so), and cron-utils finds none for the 30th of February at once
    if (times.times.nextExecution(REFERENCE.atZone(zone)).isEmpty()) {
      throw new IllegalArgumentException(
          "it matches no date of any year (such as the 30th of February), so it would never fire");
    }
    return times;
  }

  /**
   * Reads the cron expression of a stored schedule. It was accepted when the schedule was put, and
   * is not judged again by a refusal added since: a stored schedule that no longer parsed could not
   * be read or listed, and the firing round that met it would fail for every schedule due with it,
   * round after round. One that matches no date (stored before such were refused) never fires.
   */
  static CronFireTimes stored(String expression, ZoneId zone) {
    return read(expression, zone, STORED_WITH_SECONDS);
  }

  private static CronFireTimes read(String expression, ZoneId zone, CronParser withSeconds) {
    String trimmed = expression.trim();
    String[] fields = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
    if (fields.length != 5 && fields.length != 6) {
      throw new IllegalArgumentException(
          "a cron expression has 5 fields (minute hour day month weekday) or 6 (seconds first),"
              + " got "
              + fields.length);
    }
    int weekday = fields.length - 1;
    fields[weekday] = RANGE_FROM_SUNDAY.matcher(fields[weekday]).replaceAll("0-");
    Cron cron;
    try {
      cron = (fields.length == 5 ? UNIX : withSeconds).parse(String.join(" ", fields));
      cron.validate();
    } catch (IllegalArgumentException e) {
      // cron-utils' own text ("Invalid range! [59,0]") is a library's message, not Ordo's words
      throw new IllegalArgumentException(FIELDS);
    }
    return new CronFireTimes(ExecutionTime.forCron(cron), zone);
  }

  @Override
  public Optional<Instant> after(Instant time) {
    // slots are whole seconds: cron-utils carries a fraction of the time it starts from into
    // every slot it answers (00:00:01.013 after 00:00:00.013 for a cron of every second)
    ZonedDateTime from = time.truncatedTo(ChronoUnit.SECONDS).atZone(zone);
    for (int i = 0; i < MAX_STEPS; i++) {
      Optional<ZonedDateTime> next = times.nextExecution(from);
      if (next.isEmpty() || !next.get().toInstant().isAfter(time)) {
        return Optional.empty();
      }
      if (!isRepeat(next.get())) {
        return Optional.of(next.get().toInstant());
      }
      from = next.get();
    }
    return Optional.empty();
  }

  @Override
  public Optional<Instant> atOrBefore(Instant time) {
    // slots are whole seconds: the last one before the next whole second is at or before time
    ZonedDateTime before = time.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1).atZone(zone);
    for (int i = 0; i < MAX_STEPS; i++) {
      Optional<ZonedDateTime> last = times.lastExecution(before);
      if (last.isEmpty() || last.get().toInstant().isAfter(time)) {
        return Optional.empty();
      }
      if (!isRepeat(last.get())) {
        return Optional.of(last.get().toInstant());
      }
      before = last.get();
    }
    return Optional.empty();
  }

  /** Whether the slot is the second occurrence of its local time (the clocks went back). */
  private boolean isRepeat(ZonedDateTime slot) {
    LocalDateTime local = slot.toLocalDateTime();
    return !ZonedDateTime.ofLocal(local, zone, null).getOffset().equals(slot.getOffset());
  }
}

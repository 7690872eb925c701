package io.ordo.client.http;

/**
 * Which page of a history to read (SPEC 5, as SWF's {@code GetWorkflowExecutionHistory}).
 *
 * @param reverseOrder true: newest event first
 * @param maximumPageSize the most events per page (1 to 1000)
 * @param nextPageToken the {@link HistoryPage#nextPageToken()} of the page before; null for the
 *     first page
 */
public record HistoryQuery(boolean reverseOrder, int maximumPageSize, String nextPageToken) {
  /** The API's default page size. */
  public static final int DEFAULT_PAGE_SIZE = 100;

  /** The API's largest page. */
  public static final int MAX_PAGE_SIZE = 1000;

  /**
   * Checks the page size.
   *
   * @throws IllegalArgumentException the page size is not 1 to 1000
   */
  public HistoryQuery {
    if (maximumPageSize < 1 || maximumPageSize > MAX_PAGE_SIZE) {
      throw new IllegalArgumentException(
          "maximumPageSize must be 1 to " + MAX_PAGE_SIZE + ", got " + maximumPageSize);
    }
  }

  /** The first page, oldest event first, of the default size. */
  public static HistoryQuery firstPage() {
    return new HistoryQuery(false, DEFAULT_PAGE_SIZE, null);
  }

  /** The page after {@code page}, with this query's order and size. */
  public HistoryQuery next(HistoryPage page) {
    HttpTaskManager.required(page, "page");
    return new HistoryQuery(reverseOrder, maximumPageSize, page.nextPageToken());
  }
}

// For tests only: a sign, on screen, that a query's answer has been drawn.
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";

/** Draws an element with `testId` once `query` has its answer: in the same render as every
 * other part of the screen that reads that answer (one notice of it reaches them all), so
 * what they have not drawn from it by then, they do not draw from it. */
export function Answered<Data, Failure, Key extends QueryKey>({ query, testId }: { query: UseQueryOptions<Data, Failure, Data, Key>; testId: string }) {
  const answer = useQuery(query);
  return answer.data === undefined ? null : <span data-testid={testId} />;
}

// For tests only: every screen rendered inside a QueryClientProvider of its own (a fresh
// client per render, so no answer leaks from one test to the next), retrying nothing and
// keeping no answer once unused.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderOptions, render as renderBare } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";

import { newQueryClient } from "../api/queries";

/** The app's client with the tests' settings. */
export function testQueryClient(): QueryClient {
  const client = newQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, gcTime: 0 },
    mutations: { ...client.getDefaultOptions().mutations, gcTime: 0 },
  });
  return client;
}

/** Testing Library's render, inside a fresh client (or `client`, to look into its cache). */
export function render(ui: ReactElement, options: RenderOptions & { client?: QueryClient } = {}) {
  const { client = testQueryClient(), wrapper: Inner, ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{Inner ? <Inner>{children}</Inner> : children}</QueryClientProvider>
  );
  return { client, ...renderBare(ui, { ...rest, wrapper: Wrapper }) };
}

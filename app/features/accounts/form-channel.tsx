import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { useKeptActionData } from "#app/features/forms/kept-action-data.ts";

/**
 * The account forms run in two places: on their own pages (a plain <Form>, so they work before JavaScript
 * loads) and in the login modal (a fetcher, so the page under it stays). Both post to the same route actions.
 */
export interface FormChannel<T> {
  Form: typeof Form;
  data: T | undefined;
  busy: boolean;
}

export function usePageChannel<T>(): FormChannel<T> {
  const navigation = useNavigation();
  // Kept through hydration: a form sent before the page's scripts ran shows its answer (the code step) after they run.
  const data = useKeptActionData(useActionData() as T | undefined);
  return { Form, data, busy: navigation.state === "submitting" };
}

export function useFetcherChannel<T>(key: string): FormChannel<T> {
  const fetcher = useFetcher({ key });
  return {
    Form: fetcher.Form as unknown as typeof Form,
    data: fetcher.data as T | undefined,
    busy: fetcher.state !== "idle",
  };
}

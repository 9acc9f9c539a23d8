import { Form, useActionData, useFetcher, useNavigation } from "react-router";

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
  return { Form, data: useActionData() as T | undefined, busy: navigation.state === "submitting" };
}

export function useFetcherChannel<T>(key: string): FormChannel<T> {
  const fetcher = useFetcher({ key });
  return {
    Form: fetcher.Form as unknown as typeof Form,
    data: fetcher.data as T | undefined,
    busy: fetcher.state !== "idle",
  };
}

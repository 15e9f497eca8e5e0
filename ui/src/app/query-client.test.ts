import { describe, expect, it, vi } from "vitest";
import { accountKeys } from "@/features/account";
import { ApiError } from "@/lib/api-client";
import { testUser } from "@/test/render";
import { createAppQueryClient } from "./query-client";

describe("createAppQueryClient", () => {
  it("forgets the user and goes to /signin when a query answers 401", async () => {
    const navigate = vi.fn();
    const queryClient = createAppQueryClient({ pathname: () => "/weight/list", navigate });
    queryClient.setQueryData(accountKeys.me(), testUser);

    await queryClient
      .fetchQuery({
        queryKey: ["weights"],
        queryFn: () => Promise.reject(new ApiError(401, "An error occurred", "Unauthorized", [])),
      })
      .catch(() => undefined);

    expect(queryClient.getQueryData(accountKeys.me())).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/signin");
  });

  it("sends a verified user to /no-access when a mutation answers 403", async () => {
    const navigate = vi.fn();
    const queryClient = createAppQueryClient({ pathname: () => "/weight/delete/9", navigate });
    queryClient.setQueryData(accountKeys.me(), testUser);

    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: () => Promise.reject(new ApiError(403, "An error occurred", "Forbidden", [])),
      })
      .execute(undefined)
      .catch(() => undefined);

    expect(navigate).toHaveBeenCalledWith("/no-access");
  });

  it("stays on a screen filtered by a user name when its query answers 403, and not otherwise", async () => {
    const fail = (queryClient: ReturnType<typeof createAppQueryClient>, key: string) =>
      queryClient
        .fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(new ApiError(403, "An error occurred", "Forbidden", [])) })
        .catch(() => undefined);
    const navigate = vi.fn();
    const filteredClient = createAppQueryClient({ pathname: () => "/workouts", search: () => "?userFilter=Sam", navigate });
    filteredClient.setQueryData(accountKeys.me(), testUser);
    await fail(filteredClient, "workouts");
    expect(navigate).not.toHaveBeenCalled();

    const unfiltered = createAppQueryClient({ pathname: () => "/workouts", search: () => "?userFilter=%20", navigate });
    unfiltered.setQueryData(accountKeys.me(), testUser);
    await fail(unfiltered, "workouts");
    expect(navigate).toHaveBeenCalledWith("/no-access");
  });
});

describe("createAppQueryClient while the session is being ended", () => {
  it("leaves the page where it is when a query answers 401 while the account is being closed, and handles the close's own 401", async () => {
    const navigate = vi.fn();
    const queryClient = createAppQueryClient({ pathname: () => "/profile/user/close-account", navigate });
    queryClient.setQueryData(accountKeys.me(), testUser);
    let answer: (failure: ApiError | null) => void = () => undefined;
    const closing = queryClient
      .getMutationCache()
      .build(queryClient, {
        meta: { endsSession: true },
        mutationFn: () =>
          new Promise((resolve, reject) => {
            answer = (failure) => (failure ? reject(failure) : resolve({ closed: true }));
          }),
      })
      .execute(undefined)
      .catch(() => undefined);

    await queryClient
      .fetchQuery({
        queryKey: ["workouts"],
        queryFn: () => Promise.reject(new ApiError(401, "An error occurred", "Unauthorized", [])),
      })
      .catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(accountKeys.me())).toEqual(testUser);

    answer(new ApiError(401, "An error occurred", "Unauthorized", []));
    await closing;
    expect(navigate).toHaveBeenCalledWith("/signin");
  });
});

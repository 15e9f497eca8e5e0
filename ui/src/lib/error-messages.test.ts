import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { describeError, genericErrorMessage, validationMessage } from "./error-messages";

describe("describeError", () => {
  it("gives the validation message and the first message per field for a 422", () => {
    const error = new ApiError(422, "An error occurred", "weight: Please enter a number", [
      { propertyPath: "weight", message: "Please enter a number" },
      { propertyPath: "weight", message: "Must be more than 0" },
      { propertyPath: "date", message: "Date may not be in the future" },
    ]);

    expect(describeError(error)).toEqual({
      message: "Please check the validation issues below",
      fieldErrors: { weight: "Please enter a number", date: "Date may not be in the future" },
    });
    expect(validationMessage).toBe("Please check the validation issues below");
  });

  it("gives the hydra title followed by the description", () => {
    expect(describeError(new ApiError(404, "An error occurred", "Not Found", [])).message).toBe(
      "An error occurred: Not Found",
    );
    expect(describeError(new ApiError(409, "Conflict", null, [])).message).toBe("Conflict");
  });

  it("gives the generic message for an answer without a title, no answer, or any other failure", () => {
    expect(genericErrorMessage).toBe("Error loading data, please try refreshing the page.");
    expect(describeError(new ApiError(500, null, null, [])).message).toBe(genericErrorMessage);
    expect(describeError(new ApiError(0, null, null, [])).message).toBe(genericErrorMessage);
    expect(describeError(new Error("boom")).message).toBe(genericErrorMessage);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";

import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { PayModeChoice } from "./pay-mode-choice.tsx";

afterEach(() => overwriteGetLocale(() => baseLocale));

const render = (props: Partial<Parameters<typeof PayModeChoice>[0]>) =>
  renderToStaticMarkup(
    <PayModeChoice value="direct" onChange={() => undefined} throughRefusal={null} lockedReason={null} {...props} />,
  );
/** The radio button of `mode` as the markup has it. */
const radio = (html: string, mode: string) =>
  html.match(new RegExp(`<input[^>]*data-testid="job-pay-mode-${mode}"[^>]*>`))?.[0] ?? "";

describe("the job form's choice of how a job is paid", () => {
  it("offers both ways with a line of explanation each", () => {
    overwriteGetLocale(() => "en");
    const html = render({ value: "through_daywork" });
    expect(html).toContain("How the job is paid");
    expect(html).toContain("Through Daywork");
    expect(html).toContain("Your card is held before the shift");
    expect(html).toContain("Paid directly");
    expect(html).toContain("You pay the workers yourself");
    expect(radio(html, "through_daywork")).toContain('checked=""');
    expect(radio(html, "through_daywork")).not.toContain("disabled");
    expect(radio(html, "direct")).not.toContain("disabled");
  });

  it("disables through Daywork with the reason when the job cannot have it", () => {
    const html = render({ throughRefusal: "A job with a negotiable rate is paid directly" });
    expect(radio(html, "through_daywork")).toContain('disabled=""');
    expect(radio(html, "direct")).not.toContain("disabled");
    expect(html).toContain('data-testid="job-pay-mode-reason">A job with a negotiable rate is paid directly</p>');
  });

  it("disables both once a worker is hired, saying why", () => {
    const html = render({ value: "through_daywork", lockedReason: "A worker is already hired" });
    expect(radio(html, "through_daywork")).toContain('disabled=""');
    expect(radio(html, "direct")).toContain('disabled=""');
    expect(html).toContain("A worker is already hired");
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { libreTranslateTranslator } from "./libretranslate.ts";
import { fakeTranslation, libreTranslateBehaviour, startProviderStandIn, type ProviderStandIn } from "./provider-stand-in.ts";
import { TranslationFailedError, UnsupportedLanguageError } from "./translator.ts";

const INSTALLED = ["en", "ru", "de", "zh-Hans", "zt", "ar"];
let standIn: ProviderStandIn;
const signal = () => AbortSignal.timeout(2000);

beforeAll(async () => {
  standIn = await startProviderStandIn(libreTranslateBehaviour({ codes: INSTALLED, apiKey: "lt-key" }));
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answer(libreTranslateBehaviour({ codes: INSTALLED, apiKey: "lt-key" }));
});
afterAll(() => standIn.close());

describe("LibreTranslate adapter", () => {
  it("posts one batch in LibreTranslate's JSON shape and reads the array answer in order", async () => {
    const translator = libreTranslateTranslator({ url: `${standIn.url}/`, apiKey: "lt-key" });
    const result = await translator.translate(["Warehouse helper", "Unload trucks."], "en", "ru", signal());
    expect(result).toEqual([fakeTranslation("ru", "Warehouse helper"), fakeTranslation("ru", "Unload trucks.")]);
    const posts = standIn.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe("/translate");
    expect(posts[0]?.headers["content-type"]).toBe("application/json");
    expect(posts[0]?.body).toEqual({
      q: ["Warehouse helper", "Unload trucks."],
      source: "en",
      target: "ru",
      format: "text",
      api_key: "lt-key",
    });
  });

  it("sends no api_key field when none is configured", async () => {
    standIn.answer(libreTranslateBehaviour({ codes: INSTALLED }));
    const translator = libreTranslateTranslator({ url: standIn.url, apiKey: null });
    await translator.translate(["Hello"], "en", "de", signal());
    const post = standIn.requests.find((r) => r.method === "POST");
    expect(post?.body).toEqual({ q: ["Hello"], source: "en", target: "de", format: "text" });
  });

  it("uses the server's own code for Chinese: zh-Hans on new servers, zh on old ones", async () => {
    const modern = libreTranslateTranslator({ url: standIn.url, apiKey: "lt-key" });
    await modern.translate(["Hello"], "en", "zh", signal());
    expect(standIn.requests.find((r) => r.method === "POST")?.body).toMatchObject({ target: "zh-Hans" });

    standIn.requests.length = 0;
    standIn.answer(libreTranslateBehaviour({ codes: ["en", "zh", "zt"] }));
    const older = libreTranslateTranslator({ url: standIn.url, apiKey: null });
    await older.translate(["你好"], "zh", "en", signal());
    expect(standIn.requests.find((r) => r.method === "POST")?.body).toMatchObject({ source: "zh", target: "en" });
  });

  it("lists only our languages whose models are installed, and refuses the others without posting", async () => {
    const translator = libreTranslateTranslator({ url: standIn.url, apiKey: "lt-key" });
    expect((await translator.languages(signal())).sort()).toEqual(["ar", "de", "en", "ru", "zh"]);
    await expect(translator.translate(["Salam"], "tk", "en", signal())).rejects.toBeInstanceOf(UnsupportedLanguageError);
    expect(standIn.hits("POST", "/translate")).toBe(0);
    // The language list is read once, not per call.
    await translator.translate(["Hi"], "en", "ru", signal());
    expect(standIn.hits("GET", "/languages")).toBe(1);
  });

  it("turns a provider error status into TranslationFailedError", async () => {
    const translator = libreTranslateTranslator({ url: standIn.url, apiKey: "wrong-key" });
    const error = await translator.translate(["Hi"], "en", "ru", signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslationFailedError);
    expect((error as TranslationFailedError).reason).toBe("http");

    standIn.answer((r) =>
      r.method === "GET"
        ? { status: 200, json: [{ code: "en" }, { code: "ru" }] }
        : { status: 500, json: { error: "Cannot translate text" } },
    );
    const failing = libreTranslateTranslator({ url: standIn.url, apiKey: null });
    await expect(failing.translate(["Hi"], "en", "ru", signal())).rejects.toMatchObject({ reason: "http" });
  });

  it("treats a non-JSON body, a wrong shape and a wrong count as malformed", async () => {
    const languages = { status: 200, json: [{ code: "en" }, { code: "ru" }] };
    const bodies = [
      { status: 200, text: "<html>Bad gateway</html>" },
      { status: 200, json: { translated: ["x"] } },
      { status: 200, json: { translatedText: ["only one"] } },
    ];
    for (const body of bodies) {
      standIn.answer((r) => (r.method === "GET" ? languages : body));
      const translator = libreTranslateTranslator({ url: standIn.url, apiKey: null });
      await expect(translator.translate(["Title", "Description"], "en", "ru", signal())).rejects.toMatchObject({
        name: "TranslationFailedError",
        reason: "malformed",
      });
    }
  });

  it("gives up after the timeout when the provider never answers", async () => {
    standIn.answer(() => "hang");
    const translator = libreTranslateTranslator({ url: standIn.url, apiKey: null });
    const started = Date.now();
    await expect(translator.translate(["Hi"], "en", "ru", AbortSignal.timeout(200))).rejects.toMatchObject({ reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports an unreachable server as a network failure", async () => {
    const closed = await startProviderStandIn(() => ({ status: 200, json: [] }));
    await closed.close();
    const translator = libreTranslateTranslator({ url: closed.url, apiKey: null });
    await expect(translator.translate(["Hi"], "en", "ru", signal())).rejects.toMatchObject({ reason: "network" });
  });

  it("still translates when the server cannot list its languages", async () => {
    standIn.answer((r) =>
      r.method === "GET" ? { status: 404, json: { error: "Not Found" } } : libreTranslateBehaviour({ codes: ["en", "ru"] })(r),
    );
    const translator = libreTranslateTranslator({ url: standIn.url, apiKey: null });
    expect(await translator.languages(signal())).toHaveLength(10);
    expect(await translator.translate(["Hi"], "en", "ru", signal())).toEqual([fakeTranslation("ru", "Hi")]);
  });
});

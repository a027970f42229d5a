import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deeplTranslator } from "./deepl.ts";
import { deeplBehaviour, fakeTranslation, startProviderStandIn, type ProviderStandIn } from "./provider-stand-in.ts";
import { UnsupportedLanguageError } from "./translator.ts";

const KEY = "0b1c2d3e-test:fx";
let standIn: ProviderStandIn;
const signal = () => AbortSignal.timeout(2000);

beforeAll(async () => {
  standIn = await startProviderStandIn(deeplBehaviour({ apiKey: KEY }));
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answer(deeplBehaviour({ apiKey: KEY }));
});
afterAll(() => standIn.close());

describe("DeepL adapter", () => {
  it("posts /v2/translate with the DeepL-Auth-Key header and upper-case language codes", async () => {
    const translator = deeplTranslator({ url: standIn.url, apiKey: KEY });
    const result = await translator.translate(["Грузчик", "Разгрузить фуры."], "ru", "en", signal());
    expect(result).toEqual([fakeTranslation("EN-US", "Грузчик"), fakeTranslation("EN-US", "Разгрузить фуры.")]);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v2/translate");
    expect(request?.headers.authorization).toBe(`DeepL-Auth-Key ${KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({ text: ["Грузчик", "Разгрузить фуры."], source_lang: "RU", target_lang: "EN-US" });
  });

  it("maps Chinese to ZH as source and ZH-HANS as target, Arabic to AR", async () => {
    const translator = deeplTranslator({ url: `${standIn.url}/v2/`, apiKey: KEY });
    await translator.translate(["你好"], "zh", "ar", signal());
    await translator.translate(["Hallo"], "de", "zh", signal());
    expect(standIn.requests.map((r) => r.path)).toEqual(["/v2/translate", "/v2/translate"]);
    expect(standIn.requests.map((r) => r.body)).toMatchObject([
      { source_lang: "ZH", target_lang: "AR" },
      { source_lang: "DE", target_lang: "ZH-HANS" },
    ]);
  });

  it("reports Uzbek, Kazakh and Turkmen as unsupported without calling DeepL", async () => {
    const translator = deeplTranslator({ url: standIn.url, apiKey: KEY });
    expect((await translator.languages(signal())).sort()).toEqual(["ar", "de", "en", "es", "fr", "ru", "zh"]);
    for (const [source, target] of [
      ["uz", "ru"],
      ["ru", "kk"],
      ["tk", "en"],
    ] as const) {
      await expect(translator.translate(["x"], source, target, signal())).rejects.toBeInstanceOf(UnsupportedLanguageError);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it("turns a refused key, an exhausted quota and a malformed answer into TranslationFailedError", async () => {
    const wrongKey = deeplTranslator({ url: standIn.url, apiKey: "not-the-key" });
    await expect(wrongKey.translate(["Hi"], "en", "de", signal())).rejects.toMatchObject({
      name: "TranslationFailedError",
      reason: "http",
    });

    standIn.answer(() => ({ status: 456, json: { message: "Quota exceeded" } }));
    const translator = deeplTranslator({ url: standIn.url, apiKey: KEY });
    await expect(translator.translate(["Hi"], "en", "de", signal())).rejects.toMatchObject({ reason: "http" });

    standIn.answer(() => ({ status: 200, json: { translations: [{ detected_source_language: "EN" }] } }));
    await expect(translator.translate(["Hi"], "en", "de", signal())).rejects.toMatchObject({ reason: "malformed" });

    standIn.answer(() => ({ status: 200, text: "{not json" }));
    await expect(translator.translate(["Hi"], "en", "de", signal())).rejects.toMatchObject({ reason: "malformed" });
  });

  it("gives up after the timeout when DeepL never answers", async () => {
    standIn.answer(() => "hang");
    const translator = deeplTranslator({ url: standIn.url, apiKey: KEY });
    await expect(translator.translate(["Hi"], "en", "de", AbortSignal.timeout(200))).rejects.toMatchObject({ reason: "timeout" });
  });
});

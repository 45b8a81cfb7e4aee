import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOfflineTextModel } from "../../../src/adapters/text-model/offline";
import { createOpenAiTextModel } from "../../../src/adapters/text-model/openai";
import { generateStructured } from "../../../src/adapters/text-model/structured";
import { createFakeOpenAiChat, type FakeOpenAiChat } from "../../fakes/openai-chat";
import { failureOf, outlineTask, transportFor, validOutline } from "../provider-support";

let openai: FakeOpenAiChat;
beforeEach(() => {
  openai = createFakeOpenAiChat();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const model = () =>
  createOpenAiTextModel({
    transport: transportFor(openai.fetch),
    baseUrl: openai.baseUrl,
    apiKey: "sk-test-key",
    model: "gpt-4o-mini",
    maxTokensField: "max_completion_tokens",
  });
const ask = () => generateStructured(model(), outlineTask, { topic: "bread" });

const badOutline = { title: "Bread", sections: [{ heading: "St", words: 12.5 }] };

describe("generateStructured: the repair request", () => {
  it("makes one call when the first answer fits", async () => {
    openai.script({ answer: validOutline });
    expect(await ask()).toEqual({ value: validOutline, usage: { inputTokens: 120, outputTokens: 45, images: 0, costUsd: 0 } });
    expect(openai.requests).toHaveLength(1);
  });

  it("sends the answer back with its errors once, and returns the corrected value with the usage of both calls", async () => {
    openai.script({ answer: badOutline }, { answer: validOutline });
    const { value, usage } = await ask();

    expect(value).toEqual(validOutline);
    expect(usage).toEqual({ inputTokens: 240, outputTokens: 90, images: 0, costUsd: 0 });
    expect(openai.requests).toHaveLength(2);
    const [first, second] = openai.requests.map((request) => request.body);
    expect(second.messages.slice(0, 2)).toEqual(first.messages);
    expect(second.messages[2]).toEqual({ role: "assistant", content: JSON.stringify(badOutline) });
    const repair = second.messages[3];
    expect(repair.role).toBe("user");
    expect(repair.content).toContain("title: Too small: expected string to have >=10 characters");
    expect(repair.content).toContain("sections[0].heading: Too small: expected string to have >=3 characters");
    expect(repair.content).toContain("sections[0].words: Invalid input: expected int, received number");
    expect(repair.content).toMatch(/corrected JSON only/);
    expect(second.response_format).toEqual(first.response_format);
  });

  it("says the answer was not JSON when it was not", async () => {
    openai.script({ answer: "Here you go: {title: Bread}" }, { answer: validOutline });
    await ask();
    const repair = openai.requests[1]!.body.messages[3];
    expect(repair.content).toContain("(root): the answer was not valid JSON");
    expect(openai.requests[1]!.body.messages[2]).toEqual({ role: "assistant", content: "Here you go: {title: Bread}" });
  });

  it("fails with invalid_output, naming the task and the first errors, when the repaired answer still does not fit", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    openai.script({ answer: badOutline }, { answer: { ...badOutline, title: "Still short" } });
    const error = await failureOf(ask());

    expect([error.failure, error.retryable, error.code, error.provider]).toEqual(["invalid_output", false, "upstream_error", "OpenAI"]);
    expect(error.message).toBe(
      "The OpenAI model gpt-4o-mini answered the 'article_outline' task with JSON that does not fit its schema, also after a repair request: " +
        "sections[0].heading: Too small: expected string to have >=3 characters; sections[0].words: Invalid input: expected int, received number",
    );
    expect(openai.requests).toHaveLength(2);
    const events = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(events.find((event) => event.event === "text_model_repair")).toEqual({
      level: "warn",
      event: "text_model_repair",
      task: "article_outline",
      provider: "openai",
      model: "gpt-4o-mini",
      errors: 3,
    });
    expect(JSON.stringify(events)).not.toContain("Plan an article about bread");
  });

  it("lists at most ten errors and counts the rest", async () => {
    const manySections = Array.from({ length: 14 }, () => ({ heading: "x", words: 100 }));
    openai.script({ answer: { title: "A title that is long enough", sections: manySections } }, { answer: validOutline });
    await ask();
    const lines = openai.requests[1]!.body.messages[3].content.split("\n");
    expect(lines.filter((line: string) => line.startsWith("- sections["))).toHaveLength(10);
    expect(lines).toContain("- and 4 more");
  });

  it("names the schema with the characters providers accept", async () => {
    openai.script({ answer: validOutline });
    await generateStructured(model(), { ...outlineTask, name: "article outline: v2 (long)" }, { topic: "bread" });
    expect(openai.requests[0]!.body.response_format.json_schema.name).toBe("article_outline__v2__long_");
  });
});

describe("offline text model", () => {
  it("answers with the task's offline value, deterministically, calling nothing and costing nothing", async () => {
    const offline = createOfflineTextModel();
    expect([offline.provider, offline.model, offline.offline]).toEqual(["offline", "offline-draft", true]);
    const first = await generateStructured(offline, outlineTask, { topic: "bread" });
    const second = await generateStructured(createOfflineTextModel(), outlineTask, { topic: "bread" });
    expect(first).toEqual(second);
    expect(first.value.title).toBe("Offline draft: a guide to bread");
    expect(first.usage).toEqual({ inputTokens: 0, outputTokens: 0, images: 0, costUsd: 0 });
    expect(openai.requests).toHaveLength(0);
  });

  it("returns the JSON text of its answer", async () => {
    const reply = await createOfflineTextModel().completeJson({
      name: "x",
      system: "s",
      messages: [],
      jsonSchema: {},
      maxTokens: 1,
      offlineAnswer: () => ({ a: [1, "b"] }),
    });
    expect(reply).toEqual({
      json: { a: [1, "b"] },
      text: '{"a":[1,"b"]}',
      usage: { inputTokens: 0, outputTokens: 0, images: 0, costUsd: 0 },
    });
  });

  it("fails as invalid_output when a task's offline answer does not fit its own schema", async () => {
    const error = await failureOf(
      generateStructured(createOfflineTextModel(), { ...outlineTask, offline: () => ({ title: "x", sections: [] }) }, { topic: "bread" }),
    );
    expect([error.failure, error.provider]).toEqual(["invalid_output", "Offline"]);
    expect(error.message).toMatch(
      /^The Offline model offline-draft answered the 'article_outline' task with JSON that does not fit its schema/,
    );
  });
});

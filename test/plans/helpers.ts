import { createDataForSeoFake, TEST_DATAFORSEO_LOGIN, type FakeKeyword } from "../fakes/dataforseo";
import { fakeNetwork } from "../fakes/network";
import { createFakeOpenAiChat } from "../fakes/openai-chat";
import { call, useFakeFetch, useVars } from "../harness";

export const OPERATOR_OPENAI_KEY = "sk-operator-test-key";

/** The real OpenAI and DataForSEO clients for this test, answered by fakes that follow the contracts. */
export function useResearchFakes(keywords: FakeKeyword[], extraKeys: string[] = []) {
  const openai = createFakeOpenAiChat({ keys: [OPERATOR_OPENAI_KEY, ...extraKeys] });
  const dataforseo = createDataForSeoFake({ keywords });
  useVars({
    TEXT_PROVIDER: "openai",
    TEXT_MODEL: "gpt-4o-mini",
    KEYWORD_PROVIDER: "dataforseo",
    DATAFORSEO_LOGIN: TEST_DATAFORSEO_LOGIN.login,
    DATAFORSEO_PASSWORD: TEST_DATAFORSEO_LOGIN.password,
  });
  useFakeFetch(fakeNetwork(openai.peer, dataforseo.peer));
  return { openai, dataforseo };
}

export interface PlanBody {
  id: string;
  siteId: string;
  status: string;
  articleCount: number;
  cadencePerWeek: number;
  publishMode: string;
  warnings: string[];
  research: {
    keywordProvider: string;
    textProvider: string;
    textModel: string;
    volumesAreEstimates: boolean;
    seeds: string[];
    ideasFound: number;
    ideasUsable: number;
    costUsd: number;
    inputTokens: number;
    outputTokens: number;
  };
  counts: Record<string, number>;
  items: {
    id: string;
    position: number;
    title: string;
    targetKeyword: string;
    monthlyVolume: number;
    competition: string;
    status: string;
    scheduledAt: string | null;
    failureReason: string | null;
    articleId: string | null;
    url: string | null;
  }[];
  createdAt: string;
  approvedAt: string | null;
  completedAt: string | null;
}

export async function createPlanVia(token: string, body: Record<string, unknown>): Promise<PlanBody> {
  const res = await call("/api/autopilot/plans", { method: "POST", token, json: body });
  if (res.status !== 201) throw new Error(`plan creation failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as PlanBody;
}

export async function planVia(token: string, planId: string, action?: "approve" | "pause"): Promise<{ status: number; body: PlanBody }> {
  const res = await call(`/api/autopilot/plans/${planId}${action ? `/${action}` : ""}`, { method: action ? "POST" : "GET", token });
  return { status: res.status, body: (await res.json()) as PlanBody };
}

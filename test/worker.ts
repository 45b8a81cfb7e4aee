// The Worker under test: src/index.ts, with the pipeline's Workflow taking the current test's
// fakes (useFakeFetch, useServices, useVars) like the routes do. Workflow steps run in the test's
// isolate, so the harness's overrides reach them.
import { ItemPipeline as ProductionItemPipeline } from "../src/pipeline/workflow";
import type { Services } from "../src/services/container";
import { testServices } from "./harness";

export * from "../src/index";
export { default } from "../src/index";

export class ItemPipeline extends ProductionItemPipeline {
  protected override pipelineServices(): Services {
    return testServices();
  }
}

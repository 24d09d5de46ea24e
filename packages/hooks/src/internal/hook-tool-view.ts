import type { ToolExecution, ToolRegistry, ToolRules } from '@toolpipe/tools'
import type { HookToolView } from './hook-tool-input.js'

/**
 * How hooks see the call's tool (SPEC §18.1, §19): the name rules and matchers use
 * (`permissions.ruleName`, else the tool's name) and its rules (subjects, `hookInput`). A
 * definition that cannot be read is seen by its name alone.
 */
export function hookToolOf(registry: ToolRegistry, exec: ToolExecution): HookToolView {
  try {
    const rules: ToolRules | undefined = registry.get(exec.name, exec.agent)?.permissions
    const ruleName: unknown = rules?.ruleName
    return {
      ruleName: typeof ruleName === 'string' && ruleName !== '' ? ruleName : exec.name,
      rules,
    }
  } catch {
    return { ruleName: exec.name, rules: undefined }
  }
}

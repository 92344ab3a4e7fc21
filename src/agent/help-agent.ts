import type { Agent, AgentOutcome } from './agent';

const GREETING = /^(hi|hello|hey|yo|gm|good (morning|afternoon|evening)|howdy|hiya)\b[\s!.,]*$/i;
const HELP = /^(help|\?|what can you do\??|how does (this|it) work\??|commands|what do you (do|support)\??)[\s!.?]*$/i;

export const HELP_REPLY =
  'I can show your portfolio and token prices, and I am learning swaps and transfers. ' +
  'Try "what can you do" any time.';

/**
 * The first agent: it recognises greetings and requests for help, and says plainly that it
 * cannot act on anything else yet. The full command parser (swaps, transfers, queries) is
 * issue 6; it replaces this class behind the same `Agent` interface.
 */
export class HelpAgent implements Agent {
  async respond(text: string): Promise<AgentOutcome> {
    const trimmed = text.trim();
    if (GREETING.test(trimmed) || HELP.test(trimmed)) {
      return { ok: true, intent: { action: 'query', subject: 'help', confidence: 0.95 }, reply: HELP_REPLY };
    }
    return { ok: false, reason: `I could not find a command I support in "${trimmed.slice(0, 80)}". ${HELP_REPLY}` };
  }
}

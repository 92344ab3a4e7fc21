import { ParleyError } from './api.js';

/**
 * The Bearer token of one widget: its `token` attribute, or what its `tokenProvider` property
 * answers. The provider is asked once, then again only when Parley refuses the token in use
 * (`expire`). It may answer the token itself, or the mint response as the page's server got it
 * (`{ clientToken, sessionId, … }`), which also names the session.
 */
export class Credentials {
  #element;
  #grant = null;
  #token = null;

  constructor(element) {
    this.#element = element;
  }

  /** `{ token, sessionId }` (sessionId null when the answer named none). */
  grant() {
    this.#grant ??= this.#ask().then(
      (grant) => ((this.#token = grant.token), grant),
      (error) => {
        this.#grant = null;
        throw error;
      },
    );
    return this.#grant;
  }

  async current() {
    return (await this.grant()).token;
  }

  /**
   * Forgets `stale` if it is still the token in use, so the next call asks the provider again.
   * False when there is no provider: a `token` attribute cannot be renewed.
   */
  expire(stale) {
    if (typeof this.#element.tokenProvider !== 'function') return false;
    if (this.#token === stale) {
      this.#grant = null;
      this.#token = null;
    }
    return true;
  }

  async #ask() {
    const provider = this.#element.tokenProvider;
    if (typeof provider !== 'function') {
      const token = this.#element.getAttribute('token');
      if (!token) throw new ParleyError('No token: set the token attribute or the tokenProvider property', { code: 'unauthorized' });
      return { token, sessionId: null };
    }
    let answer;
    try {
      answer = await provider();
    } catch (error) {
      throw new ParleyError(`The tokenProvider failed: ${error?.message ?? error}`, { code: 'token_provider_failed' });
    }
    if (typeof answer === 'string' && answer) return { token: answer, sessionId: null };
    if (typeof answer?.clientToken === 'string') return { token: answer.clientToken, sessionId: answer.sessionId ?? null };
    throw new ParleyError('The tokenProvider must resolve to a token or to { clientToken, sessionId }', { code: 'token_provider_failed' });
  }
}

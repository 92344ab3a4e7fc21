import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { AirdropInput, AirdropResult } from './dev.type';

@Resolver()
export class DevResolver {
  @Authorized('admin')
  @Mutation(() => AirdropResult, { description: 'Faucet of the embedded ledger (devnet for test keys). Mints tokens into a wallet on the embedded local ledger for development and demos; `not_found` where a real RPC node is configured.' })
  devAirdrop(@Arg('input', () => AirdropInput, { description: 'Wallet, token and amount to mint.' }) input: AirdropInput, @Ctx() ctx: Context): AirdropResult {
    return ctx.dev.airdrop(input);
  }
}

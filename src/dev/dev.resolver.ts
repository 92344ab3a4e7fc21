import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { AirdropInput, AirdropResult } from './dev.type';

@Resolver()
export class DevResolver {
  @Authorized('admin')
  @Mutation(() => AirdropResult, { description: 'Faucet of the embedded ledger (devnet for test keys). Absent against a real RPC node.' })
  devAirdrop(@Arg('input', () => AirdropInput) input: AirdropInput, @Ctx() ctx: Context): AirdropResult {
    return ctx.dev.airdrop(input);
  }
}

import { forbiddenTextCheck } from './forbidden-text.js';

export const forbiddenConfirmedClaimsCheck = forbiddenTextCheck({
  id: 'forbidden-confirmed-claims',
  spec: ['S30'],
  description: "The final answer contains none of the case's forbiddenConfirmedClaims keywords.",
  entryName: 'forbidden confirmed-claim keyword',
  forbidden: (evalCase) => evalCase.forbiddenConfirmedClaims,
});

import { parseDocument } from 'yaml';
const kind=process.argv[2], n=+process.argv[3];
let s;
if (kind==='flow') s='a: '+'['.repeat(n)+']'.repeat(n);
if (kind==='block') { s=''; for(let i=0;i<n;i++){ s+=' '.repeat(i)+'- \n'; } }
if (kind==='map') { s=''; for(let i=0;i<n;i++){ s+=' '.repeat(i)+'k:\n'; } }
const t=Date.now();
try { const d=parseDocument(s); console.log(kind,n,'errors',d.errors.length, d.errors[0]?.code, d.errors[0]?.message.slice(0,100)); d.toJS(); console.log('toJS ok', Date.now()-t) } catch(e){ console.log(kind,n,'throw', e.constructor.name, e.message.slice(0,80)) }

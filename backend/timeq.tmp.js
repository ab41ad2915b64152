const mysql=require('mysql2/promise');const fs=require('fs');
(async()=>{const c=await mysql.createConnection('mysql://root@127.0.0.1:3306/'+process.argv[2]);
for(const f of process.argv.slice(3)){const q=fs.readFileSync(f,'utf8').trim();
await c.query(q);const n=30;const t=performance.now();for(let i=0;i<n;i++)await c.query(q);
const [ex]=await c.query('EXPLAIN '+q);
console.log(f,((performance.now()-t)/n).toFixed(2),'ms');for(const r of ex)console.log('  ',r.id,r.select_type,r.table,r.type,r.key,r.rows,r.Extra);}
await c.end();})();

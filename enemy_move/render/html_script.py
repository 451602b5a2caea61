"""The ``--html`` page's style and its small inline script (render/html_page.py writes the page around them).

The style fits a phone 390 px wide: pictures scale to the width, long words and paths wrap, and below 640 px the
options table becomes one card per option ("column: value" lines, from each cell's ``data-h``), so nothing
scrolls sideways.

The script: the page's sections are keyed by the options the turns before them took (``data-path``, option
indexes from 0 joined by dots; the board after the phase by every turn's option). ``show(path)`` follows a path
from the first turn, extending it with each section's own option (``data-follow``: what its line of play assumes),
shows those sections and the board after that line, hides the rest, and says in the bar at the top which line is
shown. A click on an option row or badge shows the line where that turn takes that option; where the page did
not work that line out, the section says so and gives the command that shows it.
"""

STYLE = (
    "body{font-family:DejaVu Sans,Arial,sans-serif;max-width:1000px;margin:0 auto 1em;padding:0 .8em;color:#222;overflow-wrap:anywhere}"
    "h1{font-size:1.5em}h2{font-size:1.15em}"
    "table{border-collapse:collapse;margin:.5em 0;max-width:100%}"
    "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left}"
    "tr.option{cursor:pointer}tr.option.picked td{background:#e6f4ea;font-weight:bold}"
    ".meta{color:#666}svg.board{display:block;width:100%;height:auto;margin:.5em 0}"
    "svg.defs{position:absolute;width:0;height:0;overflow:hidden}"
    ".key{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1.2em}"
    ".key span{display:inline-block;width:.9em;height:.9em;border:1px solid #555;border-radius:50%;margin-right:.3em;vertical-align:-.1em}"
    "svg .route{stroke-opacity:.3;stroke-width:2.5;stroke-dasharray:6 4}"
    "svg .route.shown{stroke-opacity:.9;stroke-width:4;stroke-dasharray:none}"
    "svg g.option{cursor:pointer}.assume{font-style:italic}"
    ".shown{position:sticky;top:0;z-index:1;background:#fff8dc;border:1px solid #e0c060;padding:.4em .6em;margin:.5em 0}"
    ".shown button{font:inherit;margin-left:.5em;min-height:2.2em}"
    ".missing{background:#fdecea;border:1px solid #e0a0a0;padding:.4em .6em}"
    "code{overflow-wrap:anywhere}"
    ".sight{background:#eef6ee;padding:.3em .6em;border-radius:6px}.sight p{margin:.2em 0}.sight ul{margin:.2em 0;padding-left:1.2em}"
    ".sight li.in-sight{color:#1b5e20}.sight li.blocked{color:#b71c1c}"
    "@media (max-width:640px){body{padding:0 .5em}"
    "table.options,table.options tbody,table.options tr,table.options td{display:block;width:auto}"
    "table.options tr:first-child{display:none}"
    "table.options tr{border:1px solid #bbb;margin:.4em 0;padding:.2em .4em}"
    "table.options td{border:none;padding:1px 0}table.options td:empty{display:none}"
    "table.options td::before{content:attr(data-h) ': ';color:#666;font-weight:normal}}"
)

SCRIPT = """(function(){
var B=document.body,n=+B.dataset.turns,S={},A={};
var main=B.dataset.main?B.dataset.main.split('.'):[];
document.querySelectorAll('section.turn').forEach(function(s){S[s.dataset.path]=s});
document.querySelectorAll('section.after').forEach(function(s){A[s.dataset.path]=s});
function key(p,i){return p.slice(0,i).join('.')}
function pick(s,k){
s.querySelectorAll('.route').forEach(function(r){r.classList.toggle('shown',r.getAttribute('data-option')===k)});
s.querySelectorAll('tr.option').forEach(function(t){t.classList.toggle('picked',t.getAttribute('data-option')===k)});
var a=s.querySelector('.assume');
if(a)a.textContent=k===s.dataset.follow?a.dataset.said:s.dataset.actor+': the turns below follow option '+(+k+1)+
' (the phase as resolved from here assumes option '+(+s.dataset.follow+1)+').'}
function missing(s,k){
var m=s.querySelector('.missing'),a=s.dataset.actor,f=s.dataset.choose.split(' ').filter(function(x){return x&&x.indexOf(a+'=')!==0});
f.push(a+'='+(+k+1));
m.textContent='The page did not work out what follows option '+(+k+1)+' of turn '+(+s.dataset.turn+1)+' (it works out at most '+
B.dataset.limit+' lines of play, within about the time of one more resolve). To see it: enemy-move resolve '+B.dataset.scenario+
' --choose '+f.join(' --choose ')+' --html PAGE.html';m.hidden=false}
function show(p){
var seen=[],i,s;p=p.slice();
for(i=0;i<n;i++){s=S[key(p,i)];if(!s)break;seen.push(s);if(p.length<=i)p.push(s.dataset.follow)}
if(!seen.length)return;
Object.keys(S).forEach(function(k){S[k].hidden=true;S[k].querySelector('.missing').hidden=true});Object.keys(A).forEach(function(k){A[k].hidden=true});
var said=[];
seen.forEach(function(s,i){s.hidden=false;pick(s,p[i]);
if(p[i]!==s.dataset.follow)said.push('turn '+(i+1)+' ('+s.dataset.actor+') takes option '+(+p[i]+1))});
var last=seen[seen.length-1],after=A[key(p,n)];
if(seen.length<n||(n>1&&!after))missing(last,p[seen.length-1]);else if(after)after.hidden=false;
var bar=document.getElementById('shown');
if(bar){bar.querySelector('span').textContent=said.length?'Shown: another line of play: '+said.join(', ')+
'; every other turn takes the option its line assumes.':'Shown: the phase as resolved (each turn takes the option the table marks).';
bar.querySelector('button').hidden=!said.length}}
function choose(s,k){show((s.dataset.path?s.dataset.path.split('.'):[]).concat([k]))}
Object.keys(S).forEach(function(k){var s=S[k];
s.querySelectorAll('tr.option').forEach(function(t){t.addEventListener('click',function(){choose(s,t.dataset.option)});
t.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();choose(s,t.dataset.option)}})});
s.querySelectorAll('g.option').forEach(function(g){g.addEventListener('click',function(){choose(s,g.getAttribute('data-options').split(' ')[0])})})});
var bar=document.getElementById('shown');if(bar)bar.querySelector('button').addEventListener('click',function(){show(main)});
show(main)})();"""

(function(){
var p=document.getElementById('player');
document.addEventListener('click',function(e){
  var a=e.target.closest&&e.target.closest('a[data-start]');if(!a||!p)return;
  e.preventDefault();p.currentTime=parseFloat(a.getAttribute('data-start'))||0;p.play();
});
if(!p)return;
var cues=document.querySelectorAll('.sentence[data-start]'),now=null;
function mark(c,on){
  var a=c.querySelector('a.cue');c.classList.toggle('current',on);
  if(!a)return;if(on)a.setAttribute('aria-current','true');else a.removeAttribute('aria-current');
}
function follow(){
  var t=p.currentTime,hit=null;
  for(var i=0;i<cues.length;i++){
    var c=cues[i];
    if(parseFloat(c.getAttribute('data-start'))<=t&&t<parseFloat(c.getAttribute('data-end'))){hit=c;break;}
  }
  if(hit===now)return;if(now)mark(now,false);if(hit)mark(hit,true);now=hit;
}
['timeupdate','seeked','seeking','loadedmetadata'].forEach(function(n){p.addEventListener(n,follow);});
})();

// circular_order.vh -- included inside a checker module.
//
// between(k, lo, hi): whether id k lies strictly after lo and before hi in
// circular (round-robin) order; when lo = hi, every id but lo does.

  function between;
    input integer k;
    input integer lo, hi;
    begin
      if (lo < hi) between = k > lo && k < hi;
      else         between = k > lo || k < hi;
    end
  endfunction

/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */

/* Actions (message types) */
mtype = { nop, c2_t3__c0_t0, c0_t1__c2_t7, c2_t10__c1_t1, c1_t0, c2_t2, c2_t4, c2_t9, c2_t0, c2_t1, c2_t5, c2_t6 };

/* Inter-process channels */
chan p2_0 = [0] of {mtype};
chan p2_1 = [0] of {mtype};

/* Environment<->process channels */
chan p0 = [0] of {mtype};
chan p1 = [0] of {mtype};
chan p2 = [0] of {mtype};

/* Environment process */
active proctype Environment()
{
  do
  :: p0 ! nop
  :: p1 ! c1_t0
  :: p1 ! nop
  :: p2 ! c2_t2
  :: p2 ! c2_t4
  :: p2 ! c2_t9
  :: p2 ! c2_t0
  :: p2 ! c2_t1
  :: p2 ! c2_t5
  :: p2 ! c2_t6
  :: p2 ! nop
  od
}

/* Action channel */
chan act = [0] of {mtype};

/* Most recent message event */
mtype lastAction = nop;

/* Action listener */
active proctype Listener()
{
  atomic {
    do
    :: act ? lastAction ->
  step: skip
    od
  }
}

/* Process 0 (component `component0`) */
active proctype Proc0()
{
  int state = 0;
  do
  :: state == 0 ->
    atomic {
      if
      :: p0 ? nop ->
        state = 1;
      fi
    }
  :: state == 1 ->
    atomic {
      if
      :: p2_0 ? c2_t3__c0_t0 ->
        act ! c2_t3__c0_t0;
        state = 2;
      :: p2_0 ? c0_t1__c2_t7 ->
        act ! c0_t1__c2_t7;
        state = 3;
      fi
    }
  :: state == 2 ->
    atomic {
      if
      :: p2_0 ? c2_t3__c0_t0 ->
        act ! c2_t3__c0_t0;
        state = 2;
      :: p2_0 ? c0_t1__c2_t7 ->
        act ! c0_t1__c2_t7;
        state = 4;
      fi
    }
  :: state == 3 ->
    atomic {
      if
      :: p2_0 ? c2_t3__c0_t0 ->
        act ! c2_t3__c0_t0;
        state = 4;
      :: p2_0 ? c0_t1__c2_t7 ->
        act ! c0_t1__c2_t7;
        state = 3;
      fi
    }
  :: state == 4 ->
    atomic {
      if
      :: p2_0 ? c2_t3__c0_t0 ->
        act ! c2_t3__c0_t0;
        state = 4;
      fi
    }
  od
}

/* Process 1 (component `component1`) */
active proctype Proc1()
{
  int state = 5;
  do
  :: state == 5 ->
    atomic {
      if
      :: p1 ? nop ->
        state = 6;
      fi
    }
  :: state == 6 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 7;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 8;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 12;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 16;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 20;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 35;
      fi
    }
  :: state == 7 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 10;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 11;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 15;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 24;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 25;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 39;
      fi
    }
  :: state == 8 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 9;
      fi
    }
  :: state == 9 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 22;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 41;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 42;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 52;
      fi
    }
  :: state == 10 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 17;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 30;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 37;
      fi
    }
  :: state == 11 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 14;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 18;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 53;
      fi
    }
  :: state == 12 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 45;
      fi
    }
  :: state == 13 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 19;
      fi
    }
  :: state == 14 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 28;
      fi
    }
  :: state == 15 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 40;
      fi
    }
  :: state == 16 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 27;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 48;
      fi
    }
  :: state == 17 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 33;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 38;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 44;
      fi
    }
  :: state == 18 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 23;
      fi
    }
  :: state == 19 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 20 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 21;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 47;
      fi
    }
  :: state == 21 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 25;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 49;
      fi
    }
  :: state == 22 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 26;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 31;
      fi
    }
  :: state == 23 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 29;
      fi
    }
  :: state == 24 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 25 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 34;
      fi
    }
  :: state == 26 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 27;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 32;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 49;
      fi
    }
  :: state == 27 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 32;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 38;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 47;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 51;
      fi
    }
  :: state == 28 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 36;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 45;
      fi
    }
  :: state == 29 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 39;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 52;
      fi
    }
  :: state == 30 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 31 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 37;
      fi
    }
  :: state == 32 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 40;
      fi
    }
  :: state == 33 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 40;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 45;
      fi
    }
  :: state == 34 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 40;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 43;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 51;
      fi
    }
  :: state == 35 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 36 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 50;
      fi
    }
  :: state == 37 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 45;
      fi
    }
  :: state == 38 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 50;
      fi
    }
  :: state == 39 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 45;
      fi
    }
  :: state == 40 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 47;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 49;
      fi
    }
  :: state == 41 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 42 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 43 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 47;
      fi
    }
  :: state == 44 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 46;
      fi
    }
  :: state == 45 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 46 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 47 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 48 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 49 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 53;
      fi
    }
  :: state == 50 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 51;
      fi
    }
  :: state == 51 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 52 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  :: state == 53 ->
    atomic {
      if
      :: p2_1 ? c2_t10__c1_t1 ->
        act ! c2_t10__c1_t1;
        state = 6;
      fi
    }
  od
}

/* Process 2 (component `component2`) */
active proctype Proc2()
{
  int state = 54;
  do
  :: state == 54 ->
    atomic {
      if
      :: p2 ? nop ->
        state = 55;
      fi
    }
  :: state == 55 ->
    atomic {
      if
      :: p2 ? c2_t2 ->
        act ! c2_t2;
        state = 56;
      :: p2 ? c2_t4 ->
        act ! c2_t4;
        state = 57;
      :: p2 ? c2_t9 ->
        act ! c2_t9;
        state = 58;
      fi
    }
  :: state == 56 ->
    atomic {
      if
      :: p2_0 ! c2_t3__c0_t0 ->
        state = 59;
      :: p2_1 ! c2_t10__c1_t1 ->
        state = 60;
      :: p2 ? c2_t2 ->
        act ! c2_t2;
        state = 56;
      :: p2 ? c2_t4 ->
        act ! c2_t4;
        state = 62;
      :: p2 ? c2_t9 ->
        act ! c2_t9;
        state = 64;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 56;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 61;
      :: p2 ? c2_t5 ->
        act ! c2_t5;
        state = 63;
      fi
    }
  :: state == 57 ->
    atomic {
      if
      :: p2 ? c2_t2 ->
        act ! c2_t2;
        state = 65;
      fi
    }
  :: state == 58 ->
    atomic {
      if
      :: p2 ? c2_t2 ->
        act ! c2_t2;
        state = 64;
      fi
    }
  :: state == 59 ->
    atomic {
      if
      :: p2_0 ! c2_t3__c0_t0 ->
        state = 59;
      fi
    }
  :: state == 60 ->
    atomic {
      if
      :: p2 ? c2_t2 ->
        act ! c2_t2;
        state = 60;
      fi
    }
  :: state == 61 ->
    atomic {
      if
      :: p2_0 ! c0_t1__c2_t7 ->
        state = 66;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 61;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 61;
      fi
    }
  :: state == 62 ->
    atomic {
      if
      :: p2 ? c2_t2 ->
        act ! c2_t2;
        state = 62;
      :: p2 ? c2_t4 ->
        act ! c2_t4;
        state = 62;
      fi
    }
  :: state == 63 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 63;
      fi
    }
  :: state == 64 ->
    atomic {
      if
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 69;
      :: p2 ? c2_t6 ->
        act ! c2_t6;
        state = 67;
      :: p2 ? c2_t6 ->
        act ! c2_t6;
        state = 68;
      fi
    }
  :: state == 65 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 70;
      fi
    }
  :: state == 66 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 71;
      fi
    }
  :: state == 67 ->
    atomic {
      if
      :: p2_1 ! c2_t10__c1_t1 ->
        state = 72;
      fi
    }
  :: state == 68 ->
    atomic {
      if
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 68;
      fi
    }
  :: state == 69 ->
    atomic {
      if
      :: p2_0 ! c2_t3__c0_t0 ->
        state = 69;
      :: p2 ? c2_t1 ->
        act ! c2_t1;
        state = 69;
      :: p2 ? c2_t6 ->
        act ! c2_t6;
        state = 69;
      fi
    }
  :: state == 70 ->
    atomic {
      if
      :: p2 ? c2_t4 ->
        act ! c2_t4;
        state = 65;
      fi
    }
  :: state == 71 ->
    atomic {
      if
      :: p2_1 ! c2_t10__c1_t1 ->
        state = 73;
      fi
    }
  :: state == 72 ->
    atomic {
      if
      :: p2_0 ! c2_t3__c0_t0 ->
        state = 72;
      :: p2 ? c2_t9 ->
        act ! c2_t9;
        state = 72;
      fi
    }
  :: state == 73 ->
    atomic {
      if
      :: p2_0 ! c0_t1__c2_t7 ->
        state = 66;
      fi
    }
  od
}
